#pragma once
// The messages an XS machine sends (xsbug-protocol.md §3), one struct each.
#include "model/xs/xsprofilemessages.h"

#include <QList>
#include <QString>

#include <string>
#include <variant>

namespace xsbug {

struct Login {
    QString name;    // the machine's name
    QString version; // "XS 17.9.1 64-bit LE 32-bit ID"
};

struct Log {
    QString text; // decoded; not necessarily a whole line
    QString path;
    int line = 0;
};

struct Frame {
    QString name;
    QString address; // "@00007F..." for select / eval
    QString path;
    int line = 0;
};

// A row of the inspector tree; children follow their parent with depth + 1.
struct Property {
    QString name;
    QString value;
    QString flags; // 5 characters: ' ' leaf, '+' collapsed, '-' expanded; then Cc Ee Ww I/M/_
    QString path;  // function code slots carry a location
    int line = 0;
    int depth = 0;
    // False when the machine sent no value: a let/const/class binding not initialised yet.
    bool hasValue = true;

    bool isExpandable() const { return flags.startsWith(QLatin1Char('+')) || flags.startsWith(QLatin1Char('-')); }
    bool isExpanded() const { return flags.startsWith(QLatin1Char('-')); }
};

struct Frames {
    QList<Frame> frames; // innermost first
};

struct Local {
    QString name;
    QString address;
    QString path;
    int line = 0;
    QList<Property> properties;
};

struct Global {
    QList<Property> properties;
};

struct Grammar {
    QList<Property> modules;
};

struct Break {
    QString path;
    int line = 0;
    QString message; // "# Break: debugger!"
};

struct Bubble {
    QString conversation;
    int flags = 0;
    QString text;
    QString path;
    int line = 0;
};

struct EvalResult {
    int line = 0;
    QList<Property> properties;
    QString text; // "# ReferenceError: ..." on failure
};

struct EvalSource {
    QString path;
    QString source;
};

struct Import {
    QString path;
};

// <instruments> and <samples> are decoded by the model too (one decoder, model/xs/xsprofilemessages).
using Instruments = xsprof::XsInstrumentDeclaration;
using InstrumentSamples = xsprof::XsInstrumentSamples;

// The profiler's messages are decoded by the model, as for transcripts (one decoder).
using ProfileTime = xsprof::XsProfileTime;
using ProfileRecord = xsprof::XsProfileRecord;
using ProfileSamples = xsprof::XsProfileSamples;

struct Unknown {
    QString element;
};

using Message = std::variant<Login, Log, Frames, Local, Global, Grammar, Break, Bubble, EvalResult, EvalSource,
                             Import, Instruments, InstrumentSamples, ProfileTime, ProfileRecord, ProfileSamples,
                             Unknown>;

} // namespace xsbug
