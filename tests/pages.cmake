# tests/pages.cmake - server_pages run with COLLABBLE_WRITE_PAGES into a
# scratch directory (tests/pages/write_fails.sh): the run must fail, and
# what it wrote must be the committed references. The references
# themselves are never written by a test.
add_test(NAME pages_write_fails
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/pages/write_fails.sh
                 $<TARGET_FILE:server_pages> ${CMAKE_CURRENT_SOURCE_DIR}/data/pages
                 ${CMAKE_CURRENT_BINARY_DIR}/pages-written)
set_tests_properties(pages_write_fails PROPERTIES TIMEOUT 300 LABELS pages)
