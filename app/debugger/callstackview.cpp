#include "app/debugger/callstackview.h"

#include "app/debugger/staleviewtimer.h"

#include "app/debugger/callstackmodel.h"


#include <QHeaderView>
#include <QShortcut>

CallStackView::CallStackView(Debuggee* session, QWidget* parent)
    : QTreeView(parent), m_session(session), m_model(new CallStackModel(this))
{
    setModel(m_model);
    setRootIsDecorated(false);
    setUniformRowHeights(true);
    setSelectionMode(QAbstractItemView::SingleSelection);
    header()->setStretchLastSection(true);
    header()->resizeSection(CallStackModel::FunctionColumn, 160);
    setTextElideMode(Qt::ElideMiddle); // long names and paths keep both ends
    connect(selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex& current) { onCurrentChanged(current); });
    // Double-click or Enter (not `activated`: some styles activate on a single click, and a
    // click only selects the frame).
    const auto open = [this](const QModelIndex& index) {
        if (index.isValid() && index.row() < m_model->rowCount())
            emit frameOpenRequested(m_model->frame(index.row()).path, m_model->frame(index.row()).line);
    };
    connect(this, &QAbstractItemView::doubleClicked, this, open);
    for (const QKeySequence& key : {QKeySequence(Qt::Key_Return), QKeySequence(Qt::Key_Enter)}) {
        auto* enter = new QShortcut(key, this, nullptr, nullptr, Qt::WidgetShortcut);
        connect(enter, &QShortcut::activated, this, [this, open] { open(currentIndex()); });
    }
    if (session) {
        connect(session, &Debuggee::framesChanged, this, &CallStackView::refresh);
        connect(session, &Debuggee::variablesChanged, this, &CallStackView::refresh);
        new StaleViewTimer(session, [this] {
            m_updating = true;
            m_model->setFrames({}); // a running machine has no stack to show
            m_updating = false;
        }, this);
        refresh();
    }
}

void CallStackView::refresh()
{
    if (!m_session)
        return;
    const auto same = [this] {
        const QList<xsbug::Frame>& frames = m_session->frames().frames;
        if (m_model->rowCount() != frames.size())
            return false;
        for (int i = 0; i < m_model->rowCount(); ++i) {
            if (m_model->frame(i).address != frames.at(i).address || m_model->frame(i).line != frames.at(i).line)
                return false;
        }
        return true;
    };
    m_updating = true;
    if (!same())
        m_model->setFrames(m_session->frames()); // <local> refreshes after <select> keep the stack
    m_model->setCurrentAddress(m_session->local().address);
    const int row = m_model->rowOfAddress(m_session->local().address);
    if (row >= 0)
        setCurrentIndex(m_model->index(row, 0));
    m_updating = false;
}

void CallStackView::onCurrentChanged(const QModelIndex& current)
{
    if (m_updating || !current.isValid() || !m_session)
        return;
    const xsbug::Frame& f = m_model->frame(current.row());
    if (m_session->state() == Debuggee::State::Broken && f.address != m_session->local().address)
        m_session->select(f.address);
    emit frameActivated(f.path, f.line);
}
