#pragma once
// Double-click or Enter on a function: the user's editor when Preferences › "Open source in"
// names one, else the built-in pane; a file that is not here leads to the path mappings
// (a dialog offering Preferences › Source files with a rule for its folder begun).
#include <QObject>

class DebuggerPanes;
class Preferences;
class ProfilePage;
class QWidget;

class SourceOpening : public QObject
{
    Q_OBJECT
public:
    // `window` parents the question about a missing file.
    SourceOpening(QWidget* window, Preferences* preferences);

    // For every profile page of the window, as it is created.
    void attach(ProfilePage* page);
    // For a machine's debugger panes: double-click on a call-stack frame.
    void attach(DebuggerPanes* panes);

signals:
    void statusMessage(const QString& text, int timeout);
    // The user chose to map the folder of `url` (Preferences › Source files, a rule begun).
    void pathMappingRequested(const QString& url);

private:
    bool openInEditor(const QString& path, int line);
    void offerPathMapping(const QString& url);

    QWidget* m_window;
    Preferences* m_preferences;
};
