#pragma once
#include <QList>
#include <QString>

// A line breakpoint as the machine knows it: the exact path the machine reports, and a line.
struct Breakpoint {
    QString path;
    int line = 0;
    bool enabled = true;

    bool operator==(const Breakpoint& o) const { return path == o.path && line == o.line; }
};

using BreakpointList = QList<Breakpoint>;
