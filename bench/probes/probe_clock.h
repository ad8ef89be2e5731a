// The probes' clock and sort order: microseconds on the monotonic clock, doubles ascending.
#ifndef REDUCELAB_PROBE_CLOCK_H
#define REDUCELAB_PROBE_CLOCK_H
#include <time.h>

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}
static int cmp(const void* a, const void* b) {
    double x = *(const double*)a, y = *(const double*)b;
    return (x > y) - (x < y);
}
#endif
