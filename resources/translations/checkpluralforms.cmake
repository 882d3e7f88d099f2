# ctest plural_forms_complete: runs lupdate -pluralonly over the sources into a copy of the
# committed .ts; any difference is a numerus text added, changed or removed without the .ts.
# Every entry must have its English forms, neither empty nor still reading "(s)".
configure_file(${TS_FILE} ${WORK_FILE} COPYONLY)
execute_process(COMMAND ${LUPDATE} ${LUPDATE_ARGS} -ts ${WORK_FILE} RESULT_VARIABLE status)
if(NOT status EQUAL 0)
    message(FATAL_ERROR "lupdate failed (${status})")
endif()
file(READ ${TS_FILE} committed)
file(READ ${WORK_FILE} regenerated)
if(NOT committed STREQUAL regenerated)
    message(FATAL_ERROR "${TS_FILE} is out of date: run `cmake --build build --target update_plural_forms`, "
                        "then write the English singular and plural of each new entry (diff ${TS_FILE} ${WORK_FILE})")
endif()
if(committed MATCHES "type=\"unfinished\"|<numerusform></numerusform>|<numerusform>[^<]*\\(s\\)")
    message(FATAL_ERROR "${TS_FILE}: an entry lacks its English forms or still reads \"(s)\": ${CMAKE_MATCH_0}")
endif()
