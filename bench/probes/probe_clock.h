// The probes' clock, sort order and summary line: microseconds on the monotonic clock, doubles
// ascending, and one line of p10 / median / p90 per variant.
#ifndef REDUCELAB_PROBE_CLOCK_H
#define REDUCELAB_PROBE_CLOCK_H
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}
// Spins until word[1] holds `tag` (the arrival word the kernel writes after its value), for at
// most `limit_us` after `t0`: the microseconds from t0, or -1 when it never came.
static inline double probe_watch_tag(volatile const unsigned* word, unsigned tag, double t0,
                                     double limit_us) {
    while (now_us() - t0 < limit_us)
        if (word[1] == tag) return now_us() - t0;
    return -1;
}
static int cmp(const void* a, const void* b) {
    double x = *(const double*)a, y = *(const double*)b;
    return (x > y) - (x < y);
}
// Sorts t and prints its spread under `name`, padded to `width` columns; flags a wrong value.
static inline void probe_summary(const char* name, double* t, int count, int ok, int width) {
    qsort(t, count, sizeof *t, cmp);
    printf("%-*s p10 %6.2f  median %6.2f  p90 %6.2f us %s\n", width, name, t[count / 10],
           t[count / 2], t[count * 9 / 10], ok ? "" : "WRONG VALUE");
}
#endif
