#pragma once
// Opens a comparison tab once its numbers are ready, never computing on the GUI thread: the
// analyses and the matching run on a worker (JobRunner); a dropped file is first read by a
// ProfileOpenJob. One opener per request; it deletes itself when the tab is open (or failed).
#include "views/comparisondata.h"
#include "views/document/jobrunner.h"
#include "views/document/profiledata.h"

#include <QObject>

class ComparisonPage;
class ProfileOpenJob;
class WindowTabs;

class ComparisonOpener : public QObject
{
    Q_OBJECT
public:
    // The comparison tab goes to `tabs`; the opener's status goes where theirs does.
    explicit ComparisonOpener(WindowTabs* tabs);

    // Two analysed profiles (open tabs): their analyses are reused, only the matching runs.
    void compare(ProfileDataPtr base, QString baseName, ProfileDataPtr next, QString nextName);
    // Two bare profiles (a machine's finished sessions): analysed and matched on the worker.
    void compare(std::shared_ptr<const xsprof::Profile> base, QString baseName,
                 std::shared_ptr<const xsprof::Profile> next, QString nextName);
    // `path` read off the GUI thread (a multi-profile file: its suggested profile), then
    // compared with `profile`, the file being the `side` given.
    enum class FileSide { Base, New };
    void compareWithFile(ProfileDataPtr profile, QString name, const QString& path, FileSide side = FileSide::New);
    // Two cohorts of the collection at `path` (--where expressions), with their statistics.
    void compareCohorts(const QString& path, const QString& baseWhere, const QString& newWhere);

    bool isBusy() const;

signals:
    void opened(ComparisonPage* page);
    void failed(const QString& message);
    void statusMessage(const QString& text, int timeout);

private:
    void run(std::function<ComparisonDataPtr(const xsprof::TaskControl&)> work);

    WindowTabs* m_tabs;
    JobRunner m_runner;
    ProfileOpenJob* m_loader = nullptr;
};
