#pragma once
// A machine's sources as they are on disk now, and what changed in them since the machine
// loaded them (xsbug kept showing a file's old lines after it was edited and rebuilt:
// Moddable issue 853). Each file's first reading is kept; when the file was not modified
// after the machine started, that reading is what the machine runs. Every later reading is
// read from disk again and compared with it line by line.
#include <QCoreApplication>
#include <QDateTime>
#include <QHash>
#include <QList>
#include <QString>

class SourceChanges
{
    Q_DECLARE_TR_FUNCTIONS(SourceChanges)

public:
    struct Reading {
        bool ok = false;     // the file could be read
        QString text;        // as it is on disk now
        QList<int> changed;  // 1-based lines of `text` changed since the machine loaded it
        QString note;        // says that it changed and what the marks mean; empty when unchanged
    };

    // When the machine started (connected): a file modified after it may not be what it runs.
    void setMachineStart(const QDateTime& start) { m_machineStart = start; }
    // Reads `localPath`, the machine's `path` on this computer.
    Reading read(const QString& path, const QString& localPath);

private:
    struct First {
        QString text;
        bool loadedByMachine = true; // read before any change after the machine started
    };
    QHash<QString, First> m_first; // by the machine's path
    QDateTime m_machineStart;
};
