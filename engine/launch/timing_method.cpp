// The timing methods by TimingMethod (timing_method.h).
#include "launch/timing_method.h"

#include "reducelab/error.h"

namespace reducelab::detail {

std::unique_ptr<PassTiming> make_pass_timing(TimingMethod method) {
    switch (method) {
        case TimingMethod::Kernel:
            return make_kernel_timing();
        case TimingMethod::Sustained:
            return make_sustained_timing();
        case TimingMethod::Latency:
            return make_latency_timing();
    }
    throw Error(ErrorKind::InvalidArgument, "unknown timing method");
}

}  // namespace reducelab::detail
