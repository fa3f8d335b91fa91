# tests/strict.cmake - the build half of the request-head guard: compiled
# against a libmicrohttpd header that says another version
# (tests/data/mhd_other/), server/strict.c stops the build with its #error,
# and with CLB_MHD_UNCHECKED it compiles. The run-time half is
# tests/server/test_strict.c and tests/http/strict_guard.test.mjs.
get_target_property(CLB_MHD_INCLUDES PkgConfig::MHD INTERFACE_INCLUDE_DIRECTORIES)
set(CLB_MHD_INCLUDE_FLAGS "")
foreach(d ${CLB_MHD_INCLUDES})
  list(APPEND CLB_MHD_INCLUDE_FLAGS "-I${d}")
endforeach()
add_test(NAME strict_build_refuses_other_mhd
         COMMAND ${CMAKE_C_COMPILER} -std=c17 -fsyntax-only
                 -I${CMAKE_CURRENT_SOURCE_DIR}/data/mhd_other ${CLB_MHD_INCLUDE_FLAGS}
                 ${PROJECT_SOURCE_DIR}/server/strict.c)
set_tests_properties(strict_build_refuses_other_mhd PROPERTIES
  PASS_REGULAR_EXPRESSION "strict.c was checked against libmicrohttpd 0.9.75 only"
  LABELS strict)
add_test(NAME strict_build_unchecked_other_mhd
         COMMAND ${CMAKE_C_COMPILER} -std=c17 -fsyntax-only -DCLB_MHD_UNCHECKED
                 -I${CMAKE_CURRENT_SOURCE_DIR}/data/mhd_other ${CLB_MHD_INCLUDE_FLAGS}
                 ${PROJECT_SOURCE_DIR}/server/strict.c)
set_tests_properties(strict_build_unchecked_other_mhd PROPERTIES LABELS strict)
