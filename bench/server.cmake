# bench/server.cmake - `cmake --build BUILD --target server_bench` runs
# bench/server_bench.sh (wrk against a Release build of its own, in
# BUILD/bench-server). A target, not a test: timings are not pass/fail.
add_custom_target(server_bench
  COMMAND ${CMAKE_COMMAND} -E env BENCH_BUILD_DIR=${CMAKE_BINARY_DIR}/bench-server
          bash ${CMAKE_CURRENT_LIST_DIR}/server_bench.sh
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
  USES_TERMINAL
  VERBATIM)
