#pragma once
// The File > Open Recent menu, persisted in QSettings (most recent first).
#include <QObject>
#include <QStringList>

class QMenu;
class QSettings;

class RecentFiles : public QObject
{
    Q_OBJECT
public:
    static constexpr int maxCount = 10;

    RecentFiles(QSettings* settings, QMenu* menu, QObject* parent = nullptr);

    void add(const QString& path);
    void remove(const QString& path);
    void clear();
    // Forgets the files that no longer exist; true when there were any.
    bool dropMissing();
    QStringList files() const { return m_files; }

signals:
    void openRequested(const QString& path);

private:
    void save();
    void rebuildMenu();

    QSettings* m_settings;
    QMenu* m_menu;
    QStringList m_files;
};
