#pragma once
// One open profile: a header, the xsbug function views (top-down / bottom-up), the per-path
// Call Tree and Bottom-Up Tree, search, and a source pane. The page owns all of them.
#include "profiledata.h"

#include <QPersistentModelIndex>
#include <QWidget>

#include <vector>

class CostTreeView;
class FunctionTreeModel;
class QAbstractButton;
class QLabel;
class QSplitter;
class QStackedWidget;
class QTabWidget;
class SearchBar;
class SourcePane;

class ProfilePage : public QWidget
{
    Q_OBJECT
public:
    enum Tab { FunctionsTab, CallTreeTab, BottomUpTreeTab };

    explicit ProfilePage(ProfileDataPtr data, QWidget* parent = nullptr);

    const ProfileDataPtr& data() const { return m_data; }
    QString title() const;

    bool isBottomUp() const { return m_bottomUp; }
    // Switches the function view between top-down and bottom-up; on a per-path tab, switches
    // between Call Tree and Bottom-Up Tree.
    void setBottomUp(bool bottomUp);
    void toggleOrder() { setBottomUp(!m_bottomUp); }

    QTabWidget* tabs() const { return m_tabs; }
    CostTreeView* functionView(bool bottomUp) const { return bottomUp ? m_bottomUpView : m_topDownView; }
    CostTreeView* callTreeView() const { return m_callTreeView; }     // null without stacks
    CostTreeView* bottomUpTreeView() const { return m_bottomUpTreeView; } // null without stacks
    CostTreeView* currentView() const;                                // null on a message tab
    SourcePane* sourcePane() const { return m_source; }

    void focusSearch();
    void setSearchText(const QString& text); // searches at once
    void findNext();
    void findPrevious();
    int matchCount() const { return int(m_hits.size()); }

    void expandHotPath();
    void copySelection() const;
    // Opens the function's file in the source pane, or says in the status bar why not.
    void showSource(const QModelIndex& index);

    QByteArray saveViewState() const;
    void restoreViewState(const QByteArray& state);

signals:
    void statusMessage(const QString& message);
    void orderChanged(bool bottomUp);

private:
    QWidget* createHeader();
    QWidget* createToolBar();
    CostTreeView* createView(FunctionTreeModel* model);
    void addPerPathTabs();
    void search(const QString& text);
    void findAgain();
    void moveToHit(int step);

    ProfileDataPtr m_data;
    bool m_bottomUp = false;
    QTabWidget* m_tabs = nullptr;
    QStackedWidget* m_functionStack = nullptr;
    CostTreeView* m_topDownView = nullptr;
    CostTreeView* m_bottomUpView = nullptr;
    CostTreeView* m_callTreeView = nullptr;
    CostTreeView* m_bottomUpTreeView = nullptr;
    QAbstractButton* m_topDownButton = nullptr;
    QAbstractButton* m_bottomUpButton = nullptr;
    SearchBar* m_searchBar = nullptr;
    QSplitter* m_splitter = nullptr;
    SourcePane* m_source = nullptr;

    std::vector<char> m_frameMatches; // by FrameId, for the current search text
    QList<QPersistentModelIndex> m_hits;
    int m_hitIndex = -1;
};
