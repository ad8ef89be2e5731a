// JSON forms of what crosses the sandbox child's boundary (engine/custom_kernel_child.h): the
// custom-kernel request and result, the trace request and trace, and an engine Error. Exact:
// floats as bit patterns. Readers throw nlohmann::json::exception or Error(Io) on bad input.
#pragma once

#include <nlohmann/json.hpp>
#include <vector>

#include "reducelab/custom_kernel.h"
#include "reducelab/device_info.h"
#include "reducelab/error.h"
#include "reducelab/step_trace.h"

namespace reducelab::exchange {

nlohmann::json request_json(const CustomKernelRequest& request);
CustomKernelRequest request_from(const nlohmann::json& j);
nlohmann::json result_json(const CustomKernelResult& result);
CustomKernelResult result_from(const nlohmann::json& j);
nlohmann::json trace_request_json(const TraceRequest& request);
TraceRequest trace_request_from(const nlohmann::json& j);
// Without the device (the parent fills it in).
nlohmann::json trace_json(const StepTrace& trace);
StepTrace trace_from(const nlohmann::json& j);
nlohmann::json error_json(const Error& error);
// Every field of a device, as the child listed it (the parent never lists them itself).
nlohmann::json devices_json(const std::vector<DeviceInfo>& devices);
std::vector<DeviceInfo> devices_from(const nlohmann::json& j);
Error error_from(const nlohmann::json& j);

}  // namespace reducelab::exchange
