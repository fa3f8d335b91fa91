# tests/alloc_fail.cmake - the out-of-memory sweeps (DESIGN.md "Out of
# memory"). The server's, dict's and core's very objects are linked a
# second time with tests/support/alloc_fail.c, whose allocators fail the
# Nth allocation of a request (ld --wrap: no source is compiled
# differently), into collabble-alloc-fail and test_alloc_fail:
#   alloc_fail_unit  dict loading and every kind of request through the
#                    router and handlers, in process, N over every
#                    allocation of each (tests/alloc_fail/test_alloc_fail.c)
#   alloc_fail_http  the same requests and more (the glue, static files,
#                    gzip, bodies, refused heads) over HTTP against
#                    collabble-alloc-fail (tests/alloc_fail/sweep.mjs)
#   alloc_fail_symbols  no object of ours calls an allocator the hook does
#                    not wrap (strdup, asprintf, ...), which would escape
#                    the sweeps
# Under the sanitizer build a leak anywhere fails them (LeakSanitizer).
# Included by tests/CMakeLists.txt.
find_program(CLB_NODE node)
set(CLB_ALLOC_FAIL_WRAPS
    malloc calloc realloc QRcode_encodeString
    MHD_create_response_from_buffer MHD_add_response_header)
set(CLB_ALLOC_FAIL_LINK "")
foreach(fn ${CLB_ALLOC_FAIL_WRAPS})
  list(APPEND CLB_ALLOC_FAIL_LINK "LINKER:--wrap=${fn}")
endforeach()

add_library(clb_alloc_fail OBJECT ${CMAKE_CURRENT_SOURCE_DIR}/support/alloc_fail.c)
target_link_libraries(clb_alloc_fail PUBLIC PkgConfig::JANSSON PkgConfig::MHD
                      PkgConfig::QRENCODE PkgConfig::DEFLATE)

if(TARGET collabble)
  add_executable(collabble-alloc-fail ${PROJECT_SOURCE_DIR}/server/main.c)
  target_link_libraries(collabble-alloc-fail PRIVATE clb_alloc_fail clb_server_lib
                        clb_startup)
  target_link_options(collabble-alloc-fail PRIVATE ${CLB_ALLOC_FAIL_LINK})
  target_compile_definitions(collabble-alloc-fail PRIVATE
    CLB_VERSION="${PROJECT_VERSION}")
  add_dependencies(collabble-alloc-fail clb_lexicon)
endif()

add_executable(test_alloc_fail ${CMAKE_CURRENT_SOURCE_DIR}/alloc_fail/test_alloc_fail.c
               ${CMAKE_CURRENT_SOURCE_DIR}/support/test_support.c)
target_include_directories(test_alloc_fail PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/support)
target_link_libraries(test_alloc_fail PRIVATE clb_alloc_fail clb_server_lib
                      clb_dict clb_core ${CRITERION_LIB})
target_link_options(test_alloc_fail PRIVATE ${CLB_ALLOC_FAIL_LINK})
target_compile_definitions(test_alloc_fail PRIVATE
  CLB_TEST_DATA_DIR="${CMAKE_CURRENT_SOURCE_DIR}/data"
  CLB_TEST_LEXICON="${CMAKE_BINARY_DIR}/dict/sowpods.clx")
add_dependencies(test_alloc_fail clb_lexicon)
add_test(NAME alloc_fail_unit COMMAND test_alloc_fail --jobs 2)
set_tests_properties(alloc_fail_unit PROPERTIES TIMEOUT 300 LABELS alloc_fail)

if(CLB_NODE AND TARGET collabble-alloc-fail)
  add_test(NAME alloc_fail_http
           COMMAND ${CLB_NODE} ${CMAKE_CURRENT_SOURCE_DIR}/alloc_fail/sweep.mjs)
  set_tests_properties(alloc_fail_http PROPERTIES
    ENVIRONMENT "COLLABBLE_BIN=$<TARGET_FILE:collabble-alloc-fail>;COLLABBLE_PLAIN_BIN=$<TARGET_FILE:collabble>;CLB_SANITIZED=${CLB_SANITIZE}"
    TIMEOUT 600
    LABELS alloc_fail)
endif()

add_test(NAME alloc_fail_symbols
         COMMAND ${CMAKE_COMMAND} -DNM=${CMAKE_NM} "-DWRAPPED=${CLB_ALLOC_FAIL_WRAPS}"
                 "-DLIBS=$<TARGET_FILE:clb_server_lib>;$<TARGET_FILE:clb_web_lib>;$<TARGET_FILE:clb_app_lib>;$<TARGET_FILE:clb_startup>;$<TARGET_FILE:clb_builtin_lexicon>;$<TARGET_FILE:clb_dict>;$<TARGET_FILE:clb_core>"
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/alloc_fail/symbols.cmake)
set_tests_properties(alloc_fail_symbols PROPERTIES LABELS alloc_fail)
