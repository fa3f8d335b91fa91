# tests/purity.cmake - the layers stay as DESIGN.md draws them: core/ calls
# nothing of the C library but memory and string functions, vsnprintf and
# assert (tests/purity/core_calls.cmake reads its objects with nm), and each
# program links only the libraries its front end needs (tests/ops.cmake,
# linked_*). Included by tests/CMakeLists.txt.
# SPDX-License-Identifier: MIT
add_test(NAME purity_core_calls
         COMMAND ${CMAKE_COMMAND} -DNM=${CMAKE_NM} -DLIB=$<TARGET_FILE:clb_core>
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/purity/core_calls.cmake)
set_tests_properties(purity_core_calls PROPERTIES LABELS purity)
