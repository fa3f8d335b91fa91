# po/catalogues.cmake - the page's message catalogues, compiled at build
# time and embedded in the programs (server/i18n.h). Included by
# server/CMakeLists.txt, which adds CLB_I18N_DATA_C to the web library.
#
#   po/<code>.po       a catalogue, named by its ISO 639-1 code; every one
#                      found here is built in (docs/UI.md, "The page's
#                      language", is the recipe for a new one)
#   po/<code>-<part>.po  more of the same catalogue (msgcat joins them to
#                      po/<code>.po, whose header counts), so that two
#                      people can translate two parts of the pages and
#                      merge without a conflict
#   po/collabble.pot   the template, committed for translators; the test
#                      i18n_pot checks it is what the sources say
#                      (the target collabble-pot writes it again)
#
# Each .po goes through `msgfmt -c` (its format strings, its header and
# its plural rule checked) into a .mo, whose bytes po/embed.cmake writes
# into a C array, as static files are embedded: the server binary-searches
# the .mo's sorted table in place. No setlocale, no gettext at run time.
# SPDX-License-Identifier: MIT

foreach(tool msgfmt xgettext msginit msgfilter msgcat msggrep)
  string(TOUPPER ${tool} var)
  find_program(CLB_${var} ${tool})
  if(NOT CLB_${var})
    message(FATAL_ERROR "${tool} not found: install Debian's gettext "
      "(scripts/deps.sh does); it compiles the page's catalogues (po/)")
  endif()
endforeach()

set(CLB_PO_DIR ${PROJECT_SOURCE_DIR}/po)
set(CLB_I18N_DIR ${CMAKE_CURRENT_BINARY_DIR}/po)
file(GLOB CLB_PO_FILES CONFIGURE_DEPENDS ${CLB_PO_DIR}/*.po)
file(GLOB CLB_I18N_SOURCES CONFIGURE_DEPENDS
     ${PROJECT_SOURCE_DIR}/server/*.c ${PROJECT_SOURCE_DIR}/server/*.h
     ${PROJECT_SOURCE_DIR}/static/js/*.js ${PROJECT_SOURCE_DIR}/core/error.h
     ${PROJECT_SOURCE_DIR}/core/goals.c)

# The template from today's sources, and the script's messages alone.
set(CLB_POT ${CLB_I18N_DIR}/collabble.pot)
set(CLB_SCRIPT_POT ${CLB_I18N_DIR}/script.pot)
add_custom_command(
  OUTPUT ${CLB_POT}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${CLB_I18N_DIR}
  COMMAND ${CMAKE_COMMAND} -DXGETTEXT=${CLB_XGETTEXT} -DMSGGREP=${CLB_MSGGREP}
          -DMSGCAT=${CLB_MSGCAT} -DSRC=${PROJECT_SOURCE_DIR} -DOUT=${CLB_POT}
          -P ${CLB_PO_DIR}/pot.cmake
  DEPENDS ${CLB_I18N_SOURCES} ${CLB_PO_DIR}/pot.cmake
  COMMENT "Extracting the page's messages (xgettext)"
  VERBATIM)
add_custom_command(
  OUTPUT ${CLB_SCRIPT_POT}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${CLB_I18N_DIR}
  COMMAND ${CMAKE_COMMAND} -DXGETTEXT=${CLB_XGETTEXT} -DSCRIPT_ONLY=ON
          -DSRC=${PROJECT_SOURCE_DIR} -DOUT=${CLB_SCRIPT_POT}
          -P ${CLB_PO_DIR}/pot.cmake
  DEPENDS ${CLB_I18N_SOURCES} ${CLB_PO_DIR}/pot.cmake
  COMMENT "Extracting the script's messages (xgettext)"
  VERBATIM)
# collabble-pot: writes the template back into po/ (then msgmerge
# --update po/<code>.po po/collabble.pot brings each catalogue up to it).
add_custom_target(collabble-pot
  COMMAND ${CMAKE_COMMAND} -E copy ${CLB_POT} ${CLB_PO_DIR}/collabble.pot
  DEPENDS ${CLB_POT}
  COMMENT "Writing po/collabble.pot")

set(CLB_I18N_ENTRIES "")
set(CLB_I18N_MOS "")
set(CLB_I18N_CODES "")
foreach(po ${CLB_PO_FILES})
  get_filename_component(name "${po}" NAME_WE)
  if(NOT name MATCHES "^([a-z][a-z])(-[a-z0-9]+)?$")
    message(FATAL_ERROR "po/${name}.po: a catalogue is po/<ISO 639-1 code>.po "
      "(and its parts po/<code>-<part>.po)")
  endif()
  list(APPEND CLB_I18N_CODES ${CMAKE_MATCH_1})
endforeach()
list(REMOVE_DUPLICATES CLB_I18N_CODES)
foreach(code ${CLB_I18N_CODES})
  set(main ${CLB_PO_DIR}/${code}.po)
  if(NOT EXISTS ${main})
    message(FATAL_ERROR "po/${code}-*.po without po/${code}.po, which "
      "holds the catalogue's header")
  endif()
  file(GLOB parts ${CLB_PO_DIR}/${code}-*.po)
  list(SORT parts)
  set(joined ${CLB_I18N_DIR}/${code}.po)
  set(mo ${CLB_I18N_DIR}/${code}.mo)
  add_custom_command(
    OUTPUT ${mo} ${joined}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CLB_I18N_DIR}
    COMMAND ${CLB_MSGCAT} --use-first -o ${joined} ${main} ${parts}
    COMMAND ${CLB_MSGFMT} --check -o ${mo} ${joined}
    DEPENDS ${main} ${parts}
    COMMENT "Compiling the catalogue po/${code}.po (msgfmt)"
    VERBATIM)
  list(APPEND CLB_I18N_ENTRIES "${code}:${main}:${mo}")
  list(APPEND CLB_I18N_MOS ${mo})
endforeach()

# The pseudo-catalogue: English's own text (msginit fills it in), each
# message marked with ⟦ ⟧ (msgfilter), so that a page in it shows any text
# that was not looked up. The script's msgids, compiled the same way.
set(CLB_PSEUDO_MO ${CLB_I18N_DIR}/qps.mo)
add_custom_command(
  OUTPUT ${CLB_PSEUDO_MO}
  COMMAND ${CLB_MSGINIT} --no-translator --locale=en.UTF-8 -i ${CLB_POT}
          -o ${CLB_I18N_DIR}/en.po
  COMMAND ${CMAKE_COMMAND} -E env LC_ALL=C.UTF-8
          ${CLB_MSGFILTER} --keep-header -i ${CLB_I18N_DIR}/en.po
          -o ${CLB_I18N_DIR}/qps.po sed -e "s/^/⟦/" -e "s/$/⟧/"
  COMMAND ${CLB_MSGFMT} -o ${CLB_PSEUDO_MO} ${CLB_I18N_DIR}/qps.po
  DEPENDS ${CLB_POT}
  COMMENT "Making the pseudo-catalogue (qps)"
  VERBATIM)
set(CLB_SCRIPT_MO ${CLB_I18N_DIR}/script.mo)
add_custom_command(
  OUTPUT ${CLB_SCRIPT_MO}
  COMMAND ${CLB_MSGINIT} --no-translator --locale=en.UTF-8 -i ${CLB_SCRIPT_POT}
          -o ${CLB_I18N_DIR}/script-en.po
  COMMAND ${CLB_MSGFMT} -o ${CLB_SCRIPT_MO} ${CLB_I18N_DIR}/script-en.po
  DEPENDS ${CLB_SCRIPT_POT}
  COMMENT "Listing the script's messages"
  VERBATIM)

list(JOIN CLB_I18N_ENTRIES "|" CLB_I18N_ENTRIES_ARG)
set(CLB_I18N_DATA_C ${CMAKE_CURRENT_BINARY_DIR}/i18n_data.c)
add_custom_command(
  OUTPUT ${CLB_I18N_DATA_C}
  COMMAND ${CMAKE_COMMAND} -DOUT=${CLB_I18N_DATA_C}
          "-DCATALOGUES=${CLB_I18N_ENTRIES_ARG}" -DPSEUDO=${CLB_PSEUDO_MO}
          -DSCRIPT=${CLB_SCRIPT_MO} -P ${CLB_PO_DIR}/embed.cmake
  DEPENDS ${CLB_I18N_MOS} ${CLB_PO_FILES} ${CLB_PSEUDO_MO} ${CLB_SCRIPT_MO}
          ${CLB_PO_DIR}/embed.cmake
  COMMENT "Embedding the catalogues"
  VERBATIM)
