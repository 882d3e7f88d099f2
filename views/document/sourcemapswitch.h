#pragma once
// Original sources for one profile document (View › Original Sources): looks for source maps
// (a folder from Preferences, maps dropped on the tab, maps beside or named by the local
// scripts) through model/sourcemaps on a worker, and switches the document between the
// generated profile and the remapped one. Maps found turn the original sources on.
#include "views/document/jobrunner.h"
#include "views/document/profiledata.h"

#include <QHash>
#include <QObject>
#include <QStringList>

class ProfileDocument;

class SourceMapSwitch : public QObject
{
    Q_OBJECT
public:
    // Takes the document's loaded profile as the generated one.
    explicit SourceMapSwitch(ProfileDocument* document, QObject* parent = nullptr);

    // Where to look, then searches again: the Preferences folder ("" for none) and dropped maps.
    void setFolder(const QString& folder);
    void addMapFile(const QString& path);
    QStringList mapFiles() const { return m_files; }

    // Whether a map placed at least one function (the remapped profile exists).
    bool hasMaps() const { return m_mapped != nullptr; }
    bool showsOriginal() const { return m_original; }
    // Switches the document (no-op without maps).
    void setShowsOriginal(bool original);
    QString summary() const { return m_summary; } // "12 functions mapped by 1 source map"
    const ProfileDataPtr& generated() const { return m_generated; }
    // The text a map embeds for an original source url (sourcesContent); null QString when none
    // or when the generated code is shown.
    QString originalSource(const QString& url) const;

signals:
    // A search finished: maps found or not; the document already shows the original when found.
    void searched(bool found);
    void showsOriginalChanged(bool original);
    void problem(const QString& message); // a map that could not be read

private:
    void search();

    ProfileDocument* m_document;
    ProfileDataPtr m_generated;
    ProfileDataPtr m_mapped;
    QString m_folder;
    QStringList m_files;
    QString m_summary;
    QHash<QString, QString> m_contents; // original url -> embedded text
    bool m_original = false;
    JobRunner m_runner;
};
