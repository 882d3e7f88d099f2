#pragma once
// View › Original Sources: the checkable action for the profile in front (enabled when its
// source maps placed something), and the Preferences › Source maps folder given to every
// profile page as it opens and when it changes.
#include <QList>
#include <QObject>
#include <QPointer>

class Preferences;
class ProfilePage;
class QAction;

class OriginalSources : public QObject
{
    Q_OBJECT
public:
    OriginalSources(Preferences* preferences, QObject* parent);

    QAction* action() const { return m_action; }
    // A page of a file: its maps are looked for now (maps found turn the original sources on).
    void attach(ProfilePage* page);
    // The page in front (null: none); the action follows it.
    void setCurrentPage(ProfilePage* page);

private:
    void update();

    Preferences* m_preferences;
    QAction* m_action;
    QPointer<ProfilePage> m_current;
    QList<QPointer<ProfilePage>> m_pages;
};
