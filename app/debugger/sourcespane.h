#pragma once
// The "Sources" list, as xsbug's FILES pane: folders the user adds (remembered per machine
// name), with their script files, so a file can be opened and given breakpoints before any
// code runs. Activating a file asks for it in the source pane (fileActivated).
#include <QWidget>

class QLabel;
class QSettings;
class QStandardItemModel;
class QToolButton;
class QTreeView;

class SourcesPane : public QWidget
{
    Q_OBJECT
public:
    static constexpr int maxFilesPerFolder = 2000; // a folder of dependencies must not stall the window

    explicit SourcesPane(QWidget* parent = nullptr);

    // Where the folders are remembered, and for which machine name; loads that name's list.
    void setStore(QSettings* settings, const QString& machineName);
    QString machineName() const { return m_machine; }
    QStringList folders() const { return m_folders; }
    void addFolder(const QString& folder);
    void removeFolder(const QString& folder);
    QTreeView* view() const { return m_view; }
    QStandardItemModel* model() const { return m_model; }
    QToolButton* addButton() const { return m_add; }

signals:
    void fileActivated(const QString& localPath);

private:
    void rebuild();
    void save();
    void askFolder();

    QSettings* m_settings = nullptr;
    QString m_machine;
    QStringList m_folders;
    QStandardItemModel* m_model;
    QTreeView* m_view;
    QToolButton* m_add;
    QToolButton* m_remove;
    QLabel* m_caption;
};
