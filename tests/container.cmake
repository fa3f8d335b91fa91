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

# The image for linux/arm64 under emulation (tests/container/multiarch.sh):
# in this run the short check (an arm64 container runs, when the arm64 base
# is built); CLB_MULTIARCH=1 in the environment builds the image for arm64
# and asks it /healthz (tens of minutes on 2 cores). Skips, with its reason,
# where the emulation or podman is missing. After the container test, which
# installs podman.
add_test(NAME multiarch
         COMMAND bash ${CMAKE_SOURCE_DIR}/tests/container/multiarch.sh
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(multiarch PROPERTIES
  SKIP_RETURN_CODE 77
  TIMEOUT 3600
  DEPENDS container
  LABELS container)
