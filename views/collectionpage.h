#pragma once
// A collection in the window (docs/collections.md): the Traces table (attributes as columns,
// sortable), a --where expression that selects traces (with completion of attribute names),
// and the merged profile of the selected traces in a ProfilePage with every view. Reading the
// database and merging run off the GUI thread.
#include "views/document/jobrunner.h"

#include <QWidget>

class ProfilePage;
class QLabel;
class QLineEdit;
class QPushButton;
class QStringListModel;
class QTableView;
class QVBoxLayout;
class TracesSortModel;
class TracesTableModel;

class CollectionPage : public QWidget
{
    Q_OBJECT
public:
    explicit CollectionPage(const QString& path, QWidget* parent = nullptr);
    // Whether `path` is an SQLite database, which the window opens as a collection.
    static bool isCollectionFile(const QString& path);

    QString path() const { return m_path; }
    // The expression the shown traces match ("" for all).
    QString appliedFilter() const { return m_applied; }
    // Selects the traces matching `expression` and merges them (asynchronously: loaded()).
    void applyFilter(const QString& expression);

    TracesTableModel* tracesModel() const { return m_model; }
    QTableView* tracesView() const { return m_table; }
    QLineEdit* filterField() const { return m_filter; }
    // The merged profile of the applied filter; null before the first load.
    ProfilePage* profilePage() const { return m_profilePage; }
    QString statusText() const;
    // The attribute names of the collection (built-in columns first), once loaded.
    QStringList attributeNames() const;
    // Compare Cohorts…: asks for the two expressions (the applied filter as base), then
    // emits compareCohortsRequested.
    void askForCohorts();
    QPushButton* compareButton() const { return m_compare; }

signals:
    void loaded();
    // A merged profile's page, made at each load that matched traces (the previous one is
    // deleted); the window attaches its services to it.
    void profilePageCreated(ProfilePage* page);
    void failed(const QString& message);
    // The window opens the comparison tab (computed off the GUI thread).
    void compareCohortsRequested(const QString& path, const QString& baseWhere, const QString& newWhere);

private:
    void showStatus(const QString& text, bool error);

    QString m_path, m_applied;
    JobRunner m_runner;
    TracesTableModel* m_model;
    TracesSortModel* m_sorted;
    QStringListModel* m_completions;
    QLineEdit* m_filter;
    QLabel* m_status;
    QPushButton* m_compare;
    QTableView* m_table;
    QVBoxLayout* m_profileArea;
    ProfilePage* m_profilePage = nullptr;
};
