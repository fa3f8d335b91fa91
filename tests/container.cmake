# tests/container.cmake - the container test: builds the Dockerfile with
# podman (--pull=never, on a locally built debian:bookworm-slim) and checks
# the running image; see tests/container/run.sh. Needs root; where podman
# cannot run it prints "container test: SKIPPED (reason)" and exits 77, which
# CTest reports as skipped, never as passed.
add_test(NAME container
         COMMAND bash ${CMAKE_SOURCE_DIR}/tests/container/run.sh
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(container PROPERTIES
  SKIP_RETURN_CODE 77
  TIMEOUT 1200
  LABELS container)
