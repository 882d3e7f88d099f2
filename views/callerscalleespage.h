#pragma once
// The Callers / Callees page (Hotspot's caller/callee view, speedscope's sandwich): every
// function on the left (self, total, inclusive; sortable, searchable); for the selected one
// its callers above and its callees below with what each edge carries. Double-click a caller
// or callee to move to it.
#include "views/profilesource.h"

#include <QPointer>
#include <QWidget>

class ProfileDocument;

class EdgeListModel;
class FunctionListModel;
class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTreeView;

class CallersCalleesPage : public QWidget
{
    Q_OBJECT
public:
    explicit CallersCalleesPage(QWidget* parent = nullptr);

    void setSource(ProfileSource source);
    // Selects `frame` in the list (clearing a search that hides it); false if it is not there.
    bool selectFunction(xsprof::FrameId frame);
    xsprof::FrameId selectedFunction() const { return m_selected; }
    // The document whose profile the page shows and follows (null once it is closed): the
    // window brings a page forward instead of opening the same one twice.
    void setDocument(ProfileDocument* document);
    ProfileDocument* document() const;

    FunctionListModel* functions() const { return m_functions; }
    EdgeListModel* callers() const { return m_callers; }
    EdgeListModel* callees() const { return m_callees; }
    QTreeView* functionView() const { return m_functionView; }
    QTreeView* callerView() const { return m_callerView; }
    QTreeView* calleeView() const { return m_calleeView; }
    QLineEdit* searchField() const { return m_search; }

signals:
    void functionSelected(xsprof::FrameId frame);

private:
    void showFunction(xsprof::FrameId frame);
    void activateEdge(QTreeView* view, EdgeListModel* model, const QModelIndex& index);

    ProfileSource m_source;
    QPointer<QObject> m_document;
    xsprof::FrameId m_selected;
    FunctionListModel* m_functions;
    QSortFilterProxyModel* m_proxy;
    EdgeListModel* m_callers;
    EdgeListModel* m_callees;
    QLineEdit* m_search;
    QTreeView* m_functionView;
    QLabel* m_title;
    QTreeView* m_callerView;
    QTreeView* m_calleeView;
};
