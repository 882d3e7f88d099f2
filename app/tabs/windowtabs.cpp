#include "windowtabs.h"

#include "app/documentnames.h"
#include "app/settingskeys.h"
#include "app/tabs/newtabmarker.h"
#include "app/tabs/profiletab.h"
#include "app/tabs/tablabels.h"

#include "model/report.h"
#include "views/profilepage.h"

#include <QDateTime>
#include <QSettings>
#include <QTabBar>
#include <QTabWidget>

WindowTabs::WindowTabs(QSettings* settings)
    : m_settings(settings), m_widget(new QTabWidget), m_newTabs(new NewTabMarker(m_widget, this))
{
    setParent(m_widget);
    connect(m_newTabs, &NewTabMarker::noteShown, this, [this](const QString& note) { emit statusMessage(note, 0); });
    connect(m_newTabs, &NewTabMarker::noteWithdrawn, this, &WindowTabs::statusMessageWithdrawn);
    m_widget->setTabsClosable(true);
    m_widget->setMovable(true);
    m_widget->setDocumentMode(true);
    connect(m_widget, &QTabWidget::tabCloseRequested, this, &WindowTabs::close);
    connect(m_widget, &QTabWidget::currentChanged, this, [this] {
        if (m_widget->currentWidget() != m_shownTab) {
            m_previousTab = m_shownTab;
            m_shownTab = m_widget->currentWidget();
        }
        emit changed();
    });
}

WindowTabs::~WindowTabs() = default;

QWidget* WindowTabs::view() const
{
    return m_widget;
}

QWidget* WindowTabs::currentWidget() const
{
    return m_widget->currentWidget();
}

QString WindowTabs::shownText(int index) const
{
    return m_widget->tabText(index);
}

QString WindowTabs::toolTip(int index) const
{
    return m_widget->tabToolTip(index);
}

QTabBar* WindowTabs::tabBar() const
{
    return m_widget->tabBar();
}

void WindowTabs::markOpenedBehind(QWidget* page, const QString& note)
{
    m_newTabs->opened(page, note);
}

bool WindowTabs::isMarkedOpenedBehind(const QWidget* page) const
{
    return m_newTabs->isMarked(page);
}

int WindowTabs::add(std::unique_ptr<DocumentTab> tab, Place place)
{
    QWidget* page = tab->widget();
    const QIcon icon = tab->icon();
    // Known before the widget's signals ask about it (the first tab becomes current at once).
    m_tabs[page] = std::move(tab);
    connect(page, &QObject::destroyed, this, [this, page] { m_tabs.erase(page); });
    const int index = m_widget->addTab(page, icon, QString());
    m_widget->setTabToolTip(index, m_tabs[page]->toolTip());
    refreshAll();
    if (place == Place::Front)
        m_widget->setCurrentIndex(index);
    emit tabAdded();
    emit changed();
    return index;
}

ProfilePage* WindowTabs::openProfile(const ProfileDataPtr& data, const TabMaker& make)
{
    auto* page = new ProfilePage(data);
    emit profileOpening(page);
    page->restoreViewState(m_settings->value(SettingsKeys::pageViewState).toByteArray());
    const int index = add(make ? make(page) : std::make_unique<ProfileTab>(page));
    page->setFocus();
    announceOpened(page, index);
    return page;
}

void WindowTabs::announceOpened(const ProfilePage* page, int index)
{
    const ProfileData& data = *page->data();
    const QString label = this->label(index);
    if (const std::string empty = xsprof::noSamplesExplanation(data.profile); !empty.empty()) // what was missing, when the reader knows
        emit statusMessage(tr("Opened %1: %2.").arg(label, data.warnings.isEmpty() ? QString::fromStdString(empty)
                                                                                   : data.warnings.first()),
                           0);
    else if (!data.warnings.isEmpty())
        emit statusMessage(
            tr("Opened %1 with %n reader note(s): see the strip above its views.", nullptr, int(data.warnings.size()))
                .arg(label),
            0);
    else
        emit statusMessage(tr("Opened %1.").arg(label), 4000);
}

int WindowTabs::count() const
{
    return m_widget->count();
}

DocumentTab* WindowTabs::at(int index) const
{
    return find(m_widget->widget(index));
}

DocumentTab* WindowTabs::current() const
{
    return at(m_widget->currentIndex());
}

DocumentTab* WindowTabs::find(const QWidget* page) const
{
    const auto it = page ? m_tabs.find(page) : m_tabs.end();
    return it == m_tabs.end() ? nullptr : it->second.get();
}

int WindowTabs::indexOf(const QWidget* page) const
{
    return m_widget->indexOf(page);
}

int WindowTabs::currentIndex() const
{
    return m_widget->currentIndex();
}

void WindowTabs::setCurrent(int index)
{
    m_widget->setCurrentIndex(index);
}

void WindowTabs::setCurrent(QWidget* page)
{
    m_widget->setCurrentWidget(page);
}

int WindowTabs::indexOfFile(const QString& path, int profileIndex) const
{
    for (int i = 0; i < count(); ++i) {
        if (const DocumentTab* tab = at(i); tab && tab->shows(path, profileIndex))
            return i;
    }
    return -1;
}

ProfilePage* WindowTabs::page(int index) const
{
    const DocumentTab* tab = at(index);
    return tab ? tab->profilePage() : nullptr;
}

ProfilePage* WindowTabs::currentPage() const
{
    return page(currentIndex());
}

QWidget* WindowTabs::previousTab() const
{
    return m_previousTab && indexOf(m_previousTab) >= 0 ? m_previousTab.data() : nullptr;
}

void WindowTabs::setProfileCount(const QString& path, int count)
{
    m_profileCounts.insert(path, count);
}

QList<WindowTabs::OpenFile> WindowTabs::openFiles() const
{
    QList<OpenFile> files;
    for (int i = 0; i < count(); ++i) {
        const DocumentTab* tab = at(i);
        if (tab && !tab->filePath().isEmpty())
            files.append({tab->filePath(), tab->profileIndex(), m_profileCounts.value(tab->filePath())});
    }
    return files;
}

QString WindowTabs::label(int index) const
{
    return TabLabels::label(m_widget, index);
}

QString WindowTabs::text(int index) const
{
    return TabLabels::text(m_widget, index);
}

bool WindowTabs::isMarkedUnsaved(int index) const
{
    return TabLabels::isMarkedUnsaved(m_widget, index);
}

QString WindowTabs::suggestedFileName(int index) const
{
    const DocumentTab* tab = at(index);
    return tab ? tab->suggestedFileName(label(index), QDateTime::currentDateTime()) : QString();
}

QStringList WindowTabs::filePaths() const
{
    QStringList paths;
    for (int i = 0; i < count(); ++i) {
        if (const DocumentTab* tab = at(i); tab && !tab->filePath().isEmpty())
            paths << tab->filePath();
    }
    return paths;
}

// A file's tab shows the file name, with the folder when two open files share a name, and
// which profile when the file holds several; any other tab what it says it is. `Look::Whole`
// takes its icon and tooltip too (they change with the tab alone, and setting an icon lays the
// strip out again: not for every tab whenever one came or went).
void WindowTabs::apply(int index, const QStringList& filePaths, Look look)
{
    const DocumentTab* tab = at(index);
    if (!tab)
        return;
    const QString path = tab->filePath();
    QString label = tab->title();
    if (!path.isEmpty() && !path.startsWith(QLatin1String(":/")))
        label = DocumentNames::fileLabel(path, tab->profileIndex(), m_profileCounts.value(path), filePaths);
    const QString text = tab->text();
    TabLabels::set(m_widget, index, label, tab->isUnsaved(), text == tab->title() ? QString() : text);
    if (look == Look::Label)
        return;
    if (const QIcon icon = tab->icon(); !icon.isNull() || !m_widget->tabIcon(index).isNull())
        m_widget->setTabIcon(index, icon);
    m_widget->setTabToolTip(index, tab->toolTip());
}

void WindowTabs::refresh(const QWidget* page)
{
    const int index = indexOf(page);
    if (index < 0)
        return;
    apply(index, filePaths(), Look::Whole);
    emit labelsChanged();
}

void WindowTabs::refreshAll()
{
    const QStringList paths = filePaths();
    for (int i = 0; i < count(); ++i)
        apply(i, paths, Look::Label);
    emit labelsChanged();
}

void WindowTabs::refreshMark(const QWidget* page)
{
    const int index = indexOf(page);
    const DocumentTab* tab = at(index);
    if (!tab || isMarkedUnsaved(index) || !tab->isUnsaved())
        return;
    TabLabels::setUnsaved(m_widget, index, true);
    emit labelsChanged();
    emit changed(); // Save As follows
}

void WindowTabs::close(int index)
{
    DocumentTab* tab = at(index);
    if (!tab)
        return;
    tab->confirmClose(tr("Close %1").arg(text(index)), [this, page = QPointer<QWidget>(tab->widget())] {
        DocumentTab* closing = find(page);
        if (!closing || !closing->close())
            return;
        if (const ProfilePage* shown = closing->profilePage()) // its view state is the next page's
            m_settings->setValue(SettingsKeys::pageViewState, shown->saveViewState());
        remove(page);
    });
}

void WindowTabs::remove(QWidget* page)
{
    const int index = indexOf(page);
    const auto it = m_tabs.find(page);
    if (index < 0 || it == m_tabs.end())
        return;
    it->second->aboutToRemove();
    m_widget->removeTab(index);
    page->deleteLater();
    m_tabs.erase(it);
    refreshAll();
    if (count() == 0)
        emit emptied();
    emit changed();
    focusCurrent(); // not the tab bar, where the keys do nothing useful
}

void WindowTabs::step(int step)
{
    const int n = count();
    if (n == 0)
        return;
    setCurrent(((currentIndex() + step) % n + n) % n);
    focusCurrent();
}

void WindowTabs::focusCurrent()
{
    if (ProfilePage* page = currentPage())
        page->focusMainView();
    else if (QWidget* tab = m_widget->currentWidget())
        tab->setFocus(Qt::OtherFocusReason);
}
