# tests/link.cmake - the turn-link codec's command-line tool and the node
# differential test against the reference lz-string 1.5.0 (npm ci).
# Included by tests/CMakeLists.txt; the unit tests are tests/server/test_link_v1.c.
add_executable(link_tool ${CMAKE_CURRENT_LIST_DIR}/tools/link_tool.c)
target_link_libraries(link_tool PRIVATE clb_link_tree clb_server_lib)

find_program(CLB_NODE node)
if(CLB_NODE)
  add_test(NAME link_compat
           COMMAND ${CLB_NODE} ${CMAKE_CURRENT_LIST_DIR}/node/link_compat.mjs
                   $<TARGET_FILE:link_tool> 50
           WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  set_tests_properties(link_compat PROPERTIES LABELS "node;link")
else()
  message(WARNING "node not found: the link_compat test is not registered")
endif()
