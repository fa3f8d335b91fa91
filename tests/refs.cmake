# tests/refs.cmake - what the documentation and the comments name exists
# (tests/refs/refs.mjs: repository paths, file names, and the sections of
# DESIGN.md, docs/DEPLOY.md and the other documents named in quotes), and
# scripts/run.sh started from another folder keeps that folder's relative
# paths (tests/scripts/run_elsewhere.sh). Included by tests/CMakeLists.txt.
# SPDX-License-Identifier: MIT
find_program(CLB_NODE node)
if(NOT CLB_NODE)
  # Registered anyway, so a machine without node fails it loudly.
  set(CLB_NODE node)
endif()
add_test(NAME refs
         COMMAND ${CLB_NODE} ${CMAKE_CURRENT_SOURCE_DIR}/refs/refs.mjs ${PROJECT_SOURCE_DIR})
set_tests_properties(refs PROPERTIES TIMEOUT 120 LABELS "refs;docs")

if(TARGET collabble)
  add_test(NAME run_sh_elsewhere
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/scripts/run_elsewhere.sh
                   ${PROJECT_SOURCE_DIR} $<TARGET_FILE:collabble>)
  set_tests_properties(run_sh_elsewhere PROPERTIES TIMEOUT 120 LABELS "scripts")
endif()
