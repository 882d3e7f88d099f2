# Precompiled headers for the Qt widget code: every source of a target that uses Qt Widgets
# (the views, the window, the app, their tests and benchmarks) starts from one precompiled
# cmake/precompiled/widgets.h instead of parsing those headers again (most of a widget
# source's compile time). A precompiled header is only valid with the flags it was built
# with; Qt builds libraries and executables alike with -fPIC, so one holder serves both.
# CMake passes -Winvalid-pch: with warnings as errors, a header that does not fit fails the
# build instead of silently costing its time again.
option(XSPROF_PRECOMPILED_HEADERS "Precompile the common Qt and standard headers of widget code" ON)

function(xsprof_uses_widgets target out)
    get_target_property(libs ${target} LINK_LIBRARIES)
    set(result OFF)
    foreach(lib IN LISTS libs)
        if(lib MATCHES "^(Qt6::Widgets|xsprof_views|xsprof_window|xsprof_viewtestutils)$")
            set(result ON)
        endif()
    endforeach()
    set(${out} ${result} PARENT_SCOPE)
endfunction()

function(xsprof_precompile_widget_headers)
    if(NOT XSPROF_PRECOMPILED_HEADERS)
        return()
    endif()
    set(header ${CMAKE_SOURCE_DIR}/cmake/precompiled/widgets.h)
    set(anchor ${CMAKE_SOURCE_DIR}/cmake/precompiled/anchor.cpp)
    # In an optimised tree, a second holder compiled as the suites' own code is
    # (cmake/TestCode.cmake): a precompiled header is only valid with the flags it was built with.
    xsprof_test_code_option(test_option)
    set(test_holder xsprof_precompiled)
    if(test_option)
        set(test_holder xsprof_precompiled_tests)
    endif()
    foreach(holder IN ITEMS xsprof_precompiled ${test_holder})
        if(NOT TARGET ${holder})
            add_library(${holder} STATIC ${anchor})
            set_target_properties(${holder} PROPERTIES AUTOMOC OFF AUTOUIC OFF AUTORCC OFF)
            target_link_libraries(${holder} PRIVATE Qt6::Core Qt6::Gui Qt6::Widgets)
            target_precompile_headers(${holder} PRIVATE ${header})
        endif()
    endforeach()
    if(test_option)
        target_compile_options(${test_holder} PRIVATE ${test_option})
    endif()

    xsprof_test_code_targets(test_targets)
    xsprof_targets_below(${CMAKE_SOURCE_DIR} targets)
    foreach(target IN LISTS targets)
        if(target MATCHES "^xsprof_precompiled")
            continue()
        endif()
        get_target_property(type ${target} TYPE)
        xsprof_uses_widgets(${target} widgets)
        if(widgets AND type MATCHES "^(STATIC_LIBRARY|EXECUTABLE)$")
            if(target IN_LIST test_targets)
                target_precompile_headers(${target} REUSE_FROM ${test_holder})
                # A suite's moc output is in its own source (#include "tst_x.moc"): the generated
                # mocs_compilation.cpp is nearly always empty, and loading the header costs more.
                get_target_property(binary_dir ${target} BINARY_DIR)
                set_source_files_properties(${binary_dir}/${target}_autogen/mocs_compilation.cpp
                    TARGET_DIRECTORY ${target} PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
            else()
                target_precompile_headers(${target} REUSE_FROM xsprof_precompiled)
            endif()
        endif()
    endforeach()
endfunction()
