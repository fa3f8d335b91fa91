# tests/static.cmake - the unit tests of the browser script's modules
# (tests/static/*.test.mjs, node's test runner, Node 18 or later): the
# records it keeps in localStorage and their schema version
# (static/js/storage.js), the branch logic (static/js/lines.js), the
# sources' style and the bundles' top-level order. Included by
# tests/CMakeLists.txt.
# SPDX-License-Identifier: MIT
find_program(CLB_NODE node)
if(NOT CLB_NODE)
  # Registered anyway, so a machine without node fails it loudly.
  set(CLB_NODE node)
endif()
# The files are listed rather than the directory: node >= 21 takes only
# files and globs after --test.
file(GLOB CLB_STATIC_TESTS CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/static/*.test.mjs)
add_test(NAME static_js
         COMMAND ${CLB_NODE} --test ${CLB_STATIC_TESTS}
         WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
# bundle.test.mjs bundles the scripts with the build's own esbuild.
set_tests_properties(static_js PROPERTIES TIMEOUT 120 LABELS "node;static"
                     ENVIRONMENT "ESBUILD=${CLB_ESBUILD}")
