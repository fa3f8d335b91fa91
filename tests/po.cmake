# tests/po.cmake - the page's catalogues (po/*.po) keep their messages'
# placeholders (tests/po/placeholders.test.mjs, node's test runner).
# Included by tests/CMakeLists.txt.
# SPDX-License-Identifier: MIT
find_program(CLB_NODE node)
if(NOT CLB_NODE)
  set(CLB_NODE node) # registered anyway: a machine without node fails it loudly
endif()
add_test(NAME po_placeholders
         COMMAND ${CLB_NODE} --test ${CMAKE_CURRENT_SOURCE_DIR}/po/placeholders.test.mjs
         WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
set_tests_properties(po_placeholders PROPERTIES TIMEOUT 60 LABELS "node;po")
