# tests/fuzz.cmake - a short libFuzzer smoke run of every fuzz target, only
# where clang is installed (tests/fuzz/run.sh builds its own clang tree
# under this build directory), then the raw-HTTP fuzzer against this
# build's server (ASan and UBSan). Included by tests/CMakeLists.txt.
find_program(CLB_CLANG clang)
if(CLB_CLANG)
  add_test(NAME fuzz_smoke
           COMMAND bash tests/fuzz/run.sh 20
           WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  set_tests_properties(fuzz_smoke PROPERTIES
    ENVIRONMENT "CLB_FUZZ_BUILD_DIR=${CMAKE_BINARY_DIR}/fuzz;COLLABBLE_BIN=$<TARGET_FILE:collabble>"
    TIMEOUT 900
    LABELS fuzz)
else()
  message(STATUS "clang not found: the fuzz_smoke test is not registered")
endif()
