# Unity builds of the product libraries: each target's sources are compiled in batches, one
# translation unit per batch, so that the headers they share (simdjson, nlohmann, Qt, QCustomPlot
# and our own) are parsed and their templates instantiated once per batch instead of once per
# source. scripts/run.sh and the build/ tree of scripts/test.sh turn it on (with -g1, a first
# build in about 37 % of the processor time of -g source by source); the other CI trees build source by source, which keeps every
# source compiling on its own includes. Names at file scope (anonymous namespaces) must be
# unique within a target for this: two files' helpers of one name are an error in a batch.
option(XSPROF_UNITY_BUILD "Compile the product libraries in batches of sources (unity build)" OFF)
set(XSPROF_UNITY_BATCH_SIZE 16 CACHE STRING "Sources per batch of a unity build")

function(xsprof_unity_build)
    if(NOT XSPROF_UNITY_BUILD)
        return()
    endif()
    foreach(target IN ITEMS xsprof_model xsprof_protocol xsprof_views xsprof_window xsprof_cli xsprof_dap xsprof_collection)
        if(TARGET ${target})
            set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE ${XSPROF_UNITY_BATCH_SIZE})
        endif()
    endforeach()
    # A source whose file-scope helper has the name and signature of another source's in its
    # target (hex8, as serialconnection.cpp's): compiled on its own.
    set_source_files_properties(${CMAKE_SOURCE_DIR}/protocol/serial/serialdemux.cpp DIRECTORY ${CMAKE_SOURCE_DIR}/protocol
                                PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
endfunction()
