# Precompiled headers for the Qt widget code: every source of a target that uses Qt Widgets
# (the views, the window, the app, their tests and benchmarks) starts from one precompiled
# cmake/precompiled/widgets.h instead of parsing those headers again (most of a widget
# source's compile time). A precompiled header is only valid with the flags it was built
# with; Qt builds libraries and executables alike with -fPIC, so one holder serves both.
# CMake passes -Winvalid-pch: with warnings as errors, a header that does not fit fails the
# build instead of silently costing its time again.
option(XSPROF_PRECOMPILED_HEADERS "Precompile the common Qt and standard headers of widget code" ON)

function(xsprof_widget_targets dir out)
    get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
    get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
    foreach(sub IN LISTS subdirs)
        xsprof_widget_targets(${sub} more)
        list(APPEND targets ${more})
    endforeach()
    set(${out} ${targets} PARENT_SCOPE)
endfunction()

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
    add_library(xsprof_precompiled STATIC ${anchor})
    set_target_properties(xsprof_precompiled PROPERTIES AUTOMOC OFF AUTOUIC OFF AUTORCC OFF)
    target_link_libraries(xsprof_precompiled PRIVATE Qt6::Core Qt6::Gui Qt6::Widgets)
    target_precompile_headers(xsprof_precompiled PRIVATE ${header})

    xsprof_widget_targets(${CMAKE_SOURCE_DIR} targets)
    foreach(target IN LISTS targets)
        if(target STREQUAL "xsprof_precompiled")
            continue()
        endif()
        get_target_property(type ${target} TYPE)
        xsprof_uses_widgets(${target} widgets)
        if(widgets AND type MATCHES "^(STATIC_LIBRARY|EXECUTABLE)$")
            target_precompile_headers(${target} REUSE_FROM xsprof_precompiled)
        endif()
    endforeach()
endfunction()
