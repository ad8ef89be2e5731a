# Runs every kernel of the catalog under Oclgrind's data-race and uninitialized-memory checks
# on small inputs, through reducelab-cli:
#   - safe variants: every finish they accept, over operations and types that take each code
#     path (scalar and pair accumulators, 32/64-bit integer and float atomics, cmpxchg loops,
#     dot's second input, per-local-size builds), must run clean and verify;
#   - unroll-last-racy: Oclgrind must report the local-memory data race of its tail;
#   - atomic-zeroing-racy: seed 002's atomic_xchg zeroing only conflicts with other atomics,
#     which is no data race in OpenCL's memory model (its bug is an ordering one), so Oclgrind
#     reports none; this pins that limit down, see the variant's explanation;
#   - variants Oclgrind's device cannot run (sub-groups, work-group collectives, NVIDIA PTX)
#     must be refused as unavailable with the reason;
#   - step mode: the instrumented build (TRACE=1) of every steppable variant, all work-groups.
# A missing oclgrind fails the test (scripts/install-deps.sh installs it), except on Debian 13,
# which does not package it: there the test reports itself skipped, with the reason.
#
#   cmake -DCLI=path/to/reducelab-cli [-DSHARD=k -DSHARDS=m] -P oclgrind_catalog.cmake
cmake_minimum_required(VERSION 3.25)

if(NOT CLI OR NOT EXISTS "${CLI}")
  message(FATAL_ERROR "pass -DCLI=<path to reducelab-cli> (got '${CLI}')")
endif()
if(NOT DEFINED SHARD)
  set(SHARD 0)
endif()
if(NOT DEFINED SHARDS)
  set(SHARDS 1)
endif()
find_program(OCLGRIND oclgrind)
if(NOT OCLGRIND)
  # Debian 13 does not package Oclgrind: there the suite is skipped with the reason (CTest's
  # SKIP_REGULAR_EXPRESSION, tests/race/CMakeLists.txt). Where the release has the package,
  # install-deps.sh installs it, so a missing one is a broken machine and fails.
  file(STRINGS /etc/os-release os_release REGEX "^(ID|VERSION_ID)=")
  if("ID=debian" IN_LIST os_release AND "VERSION_ID=\"13\"" IN_LIST os_release)
    message("[reducelab-test-skipped] oclgrind is not packaged in Debian 13: the race checks "
            "need it built from source (README, Install) or a Debian 12 machine")
    return()
  endif()
  message(FATAL_ERROR "oclgrind is not installed: the race checks cannot run (scripts/install-deps.sh installs it)")
endif()

# Oclgrind 21.10 (LLVM 14) cannot interpret some optimised IR: its uninitialized-memory plugin
# crashes on the vector kernel's shuffles and stops at llvm.memmove, and the interpreter lacks
# llvm.experimental.noalias.scope.decl (argmin/argmax pairs). Unoptimised kernels keep every
# memory access of the source, which is what the checks are about.
set(ENV{OCLGRIND_BUILD_OPTIONS} "-cl-opt-disable")
unset(ENV{REDUCELAB_DEVICE})

set(failures 0)
set(checked 0)
macro(fail what)
  message(SEND_ERROR "${what}")
  math(EXPR failures "${failures} + 1")
endmacro()

# Runs reducelab-cli under Oclgrind; sets run_rc, run_out, run_err.
function(run_under_oclgrind)
  execute_process(
    COMMAND "${OCLGRIND}" --data-races --uninitialized "${CLI}" ${ARGN}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 600)
  set(run_rc "${rc}" PARENT_SCOPE)
  set(run_out "${out}" PARENT_SCOPE)
  set(run_err "${err}" PARENT_SCOPE)
endfunction()

run_under_oclgrind(variants --json)
if(NOT run_rc EQUAL 0)
  message(FATAL_ERROR "reducelab-cli variants failed under Oclgrind (${run_rc}): ${run_err}")
endif()
set(catalog "${run_out}")
string(JSON device_name GET "${catalog}" device name)
if(NOT device_name MATCHES "Oclgrind")
  message(FATAL_ERROR "the CLI does not see Oclgrind's device under oclgrind (it sees '${device_name}')")
endif()

# (operation, element type) pairs that between them take every code path of common.cl.
set(cases
  sum:int32 sum:float32 dot:int64 product:float64 product:uint32 min:float32 max:int64
  xor:uint32 land:float64 argmin:float32 argmax:int64)
set(n 100)
set(local_size 16)  # 7 work-groups, the last one partial

string(JSON variant_count LENGTH "${catalog}" variants)
math(EXPR last_variant "${variant_count} - 1")
foreach(i RANGE ${last_variant})
  math(EXPR mine "${i} % ${SHARDS}")
  if(NOT mine EQUAL SHARD)
    continue()
  endif()
  string(JSON name GET "${catalog}" variants ${i} name)
  string(JSON available GET "${catalog}" variants ${i} available)
  string(JSON unsafe GET "${catalog}" variants ${i} unsafe)

  if(NOT available)
    run_under_oclgrind(run --variant ${name} --n ${n} --local-size ${local_size})
    if(NOT run_rc EQUAL 3 OR NOT run_err MATCHES "unavailable")
      fail("${name}: expected 'unavailable' (exit 3) on Oclgrind's device, got ${run_rc}: ${run_err}")
    else()
      string(JSON reason GET "${catalog}" variants ${i} unavailable_reason)
      message(STATUS "${name}: not checkable under Oclgrind (${reason})")
    endif()
    continue()
  endif()

  if(name STREQUAL "unroll-last-racy")
    foreach(size IN ITEMS 16 64)
      math(EXPR racy_n "${size} * 3 + 5")
      run_under_oclgrind(run --variant ${name} --type int32 --fill ones --n ${racy_n} --local-size ${size})
      math(EXPR checked "${checked} + 1")
      if(NOT run_err MATCHES "data race at local memory" OR NOT run_err MATCHES "reduce_unroll_last_racy")
        fail("${name} at local size ${size}: Oclgrind did not report the tail's local-memory race:\n${run_err}")
      elseif(NOT (run_rc EQUAL 0 OR run_rc EQUAL 1))
        fail("${name} at local size ${size}: exit ${run_rc}: ${run_err}")
      else()
        message(STATUS "${name} at local size ${size}: race reported, as it must be")
      endif()
    endforeach()
    continue()
  endif()

  if(name STREQUAL "atomic-zeroing-racy")
    run_under_oclgrind(run --variant ${name} --op dot --type int32 --n ${n} --local-size ${local_size})
    math(EXPR checked "${checked} + 1")
    if(run_err MATCHES "data race")
      fail("${name}: Oclgrind now reports a data race; update the variant's explanation:\n${run_err}")
    elseif(NOT (run_rc EQUAL 0 OR run_rc EQUAL 1))
      fail("${name}: exit ${run_rc}: ${run_err}")
    else()
      message(STATUS "${name}: no data race reported: its atomic_xchg only meets other atomics "
                     "(an ordering bug, not a data race); the unsafe flag and the explanation carry it")
    endif()
    continue()
  endif()

  if(unsafe)
    fail("${name} is marked unsafe but this script has no check for it: add one")
    continue()
  endif()

  set(failures_before ${failures})
  string(JSON finish_count LENGTH "${catalog}" variants ${i} finishes)
  math(EXPR last_finish "${finish_count} - 1")
  string(JSON unsupported GET "${catalog}" variants ${i} unsupported_ops)
  foreach(f RANGE ${last_finish})
    string(JSON finish GET "${catalog}" variants ${i} finishes ${f})
    foreach(case IN LISTS cases)
      string(REPLACE ":" ";" pair "${case}")
      list(GET pair 0 op)
      list(GET pair 1 type)
      if(finish STREQUAL "atomic" AND op MATCHES "^arg")
        continue()  # pairs cannot be combined atomically (rejected by the engine)
      endif()
      if(unsupported MATCHES "\"${op}\"")
        continue()
      endif()
      run_under_oclgrind(run --variant ${name} --op ${op} --type ${type} --fill random
                         --n ${n} --local-size ${local_size} --finish ${finish})
      if(NOT run_rc EQUAL 0 AND run_err MATCHES "sums float32 and float64 elements exactly")
        continue()  # the correctly rounded variant refuses integer types (see the catalog)
      endif()
      math(EXPR checked "${checked} + 1")
      if(NOT run_rc EQUAL 0)
        fail("${name} ${op} ${type} finish ${finish}: exit ${run_rc}:\n${run_out}\n${run_err}")
      elseif(run_err MATCHES "data race|Uninitialized|Invalid (read|write)|FATAL|error")
        fail("${name} ${op} ${type} finish ${finish}: Oclgrind reports:\n${run_err}")
      endif()
    endforeach()
  endforeach()
  # Step mode's instrumented build (TRACE=1: local memory copied out after every barrier) of
  # every steppable variant, over all work-groups, with a scalar and a pair accumulator.
  string(JSON steppable GET "${catalog}" variants ${i} steppable)
  if(steppable)
    foreach(case IN ITEMS sum:int32 argmax:float32)
      string(REPLACE ":" ";" pair "${case}")
      list(GET pair 0 op)
      list(GET pair 1 type)
      if(unsupported MATCHES "\"${op}\"")
        continue()
      endif()
      run_under_oclgrind(trace --variant ${name} --op ${op} --type ${type} --n ${n}
                         --local-size ${local_size} --all-groups)
      math(EXPR checked "${checked} + 1")
      if(NOT run_rc EQUAL 0)
        fail("${name} step trace ${op} ${type}: exit ${run_rc}:\n${run_out}\n${run_err}")
      elseif(run_err MATCHES "data race|Uninitialized|Invalid (read|write)|FATAL|error")
        fail("${name} step trace ${op} ${type}: Oclgrind reports:\n${run_err}")
      endif()
    endforeach()
  endif()
  if(failures EQUAL failures_before)
    message(STATUS "${name}: clean under Oclgrind")
  endif()
endforeach()

message(STATUS "${checked} Oclgrind runs, ${failures} failure(s)")
if(failures GREATER 0)
  message(FATAL_ERROR "${failures} Oclgrind check(s) failed")
endif()
