# tests/i18n.cmake - the page's catalogues are whole (tests/i18n/
# catalogues.cmake: the committed template is today's, every catalogue
# translates all of it). Every page kind rendered in each catalogue is
# tests/http/i18n.test.mjs; the look-up itself, tests/server/test_i18n.c.
# Included by tests/CMakeLists.txt.
# SPDX-License-Identifier: MIT
add_test(NAME po_catalogues
         COMMAND ${CMAKE_COMMAND} -DSRC=${PROJECT_SOURCE_DIR}
                 -DTMP=${CMAKE_CURRENT_BINARY_DIR}/po-catalogues
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/i18n/catalogues.cmake)
set_tests_properties(po_catalogues PROPERTIES TIMEOUT 120 LABELS po)
