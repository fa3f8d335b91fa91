# tests/lzstring.cmake - the node differential test of core/lzstring against
# the real lz-string@1.5.0 (installed by `npm ci` from package-lock.json).
# Included by tests/CMakeLists.txt, so CMAKE_CURRENT_SOURCE_DIR is tests/.
# SPDX-License-Identifier: MIT

# lz_tool drives the C codec line by line for the node script.
add_executable(lz_tool ${CMAKE_CURRENT_SOURCE_DIR}/tools/lz_tool.c)
target_link_libraries(lz_tool PRIVATE clb_core)

find_program(CLB_NODE node)
if(NOT CLB_NODE)
  # Keep the test registered so a machine without node fails it loudly
  # ("could not find executable") instead of skipping the proof.
  message(WARNING "node not found: the lz_differential test will fail")
  set(CLB_NODE node)
endif()

# Run from the source root so `node_modules/lz-string` is the one the
# lockfile pinned.
add_test(NAME lz_differential
         COMMAND ${CLB_NODE} ${CMAKE_CURRENT_SOURCE_DIR}/node/lz_differential.mjs
                 $<TARGET_FILE:lz_tool>
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
# About 10 s of CPU; the margin is for sanitizer builds on a busy machine.
set_tests_properties(lz_differential PROPERTIES TIMEOUT 180 LABELS "lz;node")
