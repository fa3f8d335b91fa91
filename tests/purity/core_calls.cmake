# tests/purity/core_calls.cmake - core/ is pure (no heap, no I/O): every
# function its objects call that none of them defines is on the list
# below, or the check fails naming the function and the object that calls
# it. The list is what the rules need of the C library (memory and string
# compares and copies, vsnprintf for an error's detail, assert), and what
# the compiler itself calls: the sanitizers' and coverage's hooks, the
# libgcc helpers and the CPU check of the move generator's POPCNT copy.
# Run by CTest (tests/purity.cmake) as
#   cmake -DNM=<nm> -DLIB=<libclb_core.a> -P core_calls.cmake
cmake_minimum_required(VERSION 3.25)
set(allowed
    "memchr|memcmp|memcpy|memmove|memset"
    "|strchr|strrchr|strcmp|strncmp|strlen|strnlen|strspn|strcspn|strstr"
    "|snprintf|vsnprintf|__assert_fail"
    # _FORTIFY_SOURCE's checked copies of the above
    "|__(memcpy|memmove|memset|snprintf|vsnprintf)_chk"
    # the compiler's own: sanitizers, coverage, libgcc, CPU features, PIC
    "|__asan_[A-Za-z0-9_]+|__ubsan_[A-Za-z0-9_]+|__sanitizer_[A-Za-z0-9_]+"
    "|__sancov_[A-Za-z0-9_]+|__gcov_[A-Za-z0-9_]+|__llvm_[A-Za-z0-9_]+"
    "|__popcount[a-z0-9]+|__cpu_model|__cpu_indicators_init|__cpu_features2"
    "|__stack_chk_fail|_GLOBAL_OFFSET_TABLE_")
string(JOIN "" allowed ${allowed})

# "LIB:OBJECT: U NAME" for what an object calls, "... T NAME" (or any
# other type) for what it defines.
execute_process(COMMAND ${NM} -A ${LIB} OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${NM} failed on ${LIB}")
endif()
string(REPLACE "\n" ";" lines "${out}")
set(defined "")
set(called "")
foreach(line ${lines})
  if(line MATCHES "^[^:]+:([^:]+):[ 0-9a-fA-F]* ([A-Za-z]) ([^ ]+)$")
    if(CMAKE_MATCH_2 STREQUAL "U")
      list(APPEND called "${CMAKE_MATCH_3}@${CMAKE_MATCH_1}")
    else()
      list(APPEND defined "${CMAKE_MATCH_3}")
    endif()
  endif()
endforeach()
if(NOT called)
  message(FATAL_ERROR "read no calls out of ${LIB}: is it core's library?")
endif()

set(bad "")
foreach(c ${called})
  string(REGEX REPLACE "@.*" "" name "${c}")
  string(REGEX REPLACE "^[^@]*@" "" object "${c}")
  if(NOT "${name}" IN_LIST defined AND NOT "${name}" MATCHES "^(${allowed})$")
    list(APPEND bad "${name} (called in ${object})")
  endif()
endforeach()
list(REMOVE_DUPLICATES bad)
if(bad)
  list(JOIN bad "\n  " text)
  message(FATAL_ERROR "core/ calls what it must not (it is pure: no heap, "
    "no I/O); do it in server/ or dict/, or, if it is as pure as memcpy, "
    "add it to tests/purity/core_calls.cmake's list:\n  ${text}")
endif()
message(STATUS "core_calls: core/ calls only memory and string functions, "
  "vsnprintf and assert's helper")
