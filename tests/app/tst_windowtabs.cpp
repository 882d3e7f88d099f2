// WindowTabs, the one owner of the window's tabs, without the window: it names file tabs among
// each other, asks a tab before closing it, lets a tab that asks more stay, keeps the tab
// viewed before, and forgets a page deleted under it. Real profiles from the corpus; a small
// tab kind of the test's own stands for the kinds that ask (machines, live profiles).
#include "viewtestutils.h"

#include "app/documentnames.h"
#include "app/tabs/plaintab.h"
#include "app/tabs/profiletab.h"
#include "app/tabs/tablabels.h"
#include "app/tabs/windowtabs.h"
#include "views/profilepage.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QTabBar>
#include <QTemporaryDir>
#include <QTest>
#include <QWidget>

using namespace ViewTestUtils;

namespace {

// A tab that holds something unsaved: it asks (the question is left open until the test
// answers), and it may decline to close, as a connected machine's tab does.
class AskingTab : public DocumentTab
{
public:
    AskingTab(QWidget* page, QString title) : m_page(page), m_title(std::move(title)) {}

    QWidget* widget() const override { return m_page; }
    QString title() const override { return m_title; }
    QString text() const override { return m_title + QStringLiteral(" (waiting)"); }
    bool isUnsaved() const override { return unsaved; }
    void confirmClose(const QString& action, std::function<void()> proceed) override
    {
        asked << action;
        pending = std::move(proceed);
    }
    bool close() override { return closes; }
    void aboutToRemove() override { ++*removals; }

    bool unsaved = true;
    bool closes = true;
    QStringList asked;
    std::function<void()> pending;
    std::shared_ptr<int> removals = std::make_shared<int>(0);

private:
    QWidget* m_page;
    QString m_title;
};

} // namespace

class TestWindowTabs : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void filesAreNamedAmongEachOther();
    void aFileIsFoundHoweverItIsSpelled();
    void closingAsksTheTabFirst();
    void aTabThatAsksMoreStays();
    void theTabViewedBeforeAndSwitching();
    void suggestedNamesComeFromTheTab();
    void aPageDeletedElsewhereIsForgotten();

private:
    QString copyOf(const QString& corpusName, const QString& folder, const QString& name) const;

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QSettings> m_settings;
    std::unique_ptr<QWidget> m_widget; // the tabs' view: owns the WindowTabs
    WindowTabs* m_tabs = nullptr;
};

void TestWindowTabs::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_settings = std::make_unique<QSettings>(m_dir->filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    m_tabs = new WindowTabs(m_settings.get());
    m_widget.reset(m_tabs->view());
}

void TestWindowTabs::cleanup()
{
    m_widget.reset();
    m_tabs = nullptr;
    m_settings.reset();
    m_dir.reset();
}

QString TestWindowTabs::copyOf(const QString& corpusName, const QString& folder, const QString& name) const
{
    QDir(m_dir->path()).mkpath(folder);
    const QString path = m_dir->filePath(folder + QLatin1Char('/') + name);
    if (!QFile::exists(path) && !QFile::copy(corpusPath(corpusName), path))
        qFatal("cannot copy %s", qPrintable(corpusName));
    return path;
}

// Two files of one name are told apart by their folder, until one of them goes.
void TestWindowTabs::filesAreNamedAmongEachOther()
{
    QSignalSpy status(m_tabs, &WindowTabs::statusMessage);
    QList<ProfilePage*> opening; // before each is shown
    connect(m_tabs, &WindowTabs::profileOpening, this, [&](ProfilePage* page) {
        QVERIFY(m_tabs->indexOf(page) < 0);
        opening << page;
    });
    const QString a = copyOf(QStringLiteral("node_fib.cpuprofile"), QStringLiteral("dirA"), QStringLiteral("same.cpuprofile"));
    const QString b = copyOf(QStringLiteral("node_fib_i100.cpuprofile"), QStringLiteral("dirB"), QStringLiteral("same.cpuprofile"));
    ProfilePage* first = m_tabs->openProfile(loadData(a));
    QCOMPARE(m_tabs->label(0), QStringLiteral("same.cpuprofile"));
    QCOMPARE(status.count(), 1);
    QCOMPARE(status.last().at(0).toString(), QStringLiteral("Opened same.cpuprofile."));
    ProfilePage* second = m_tabs->openProfile(loadData(b));
    QCOMPARE(opening, (QList<ProfilePage*>{first, second}));
    QCOMPARE(m_tabs->count(), 2);
    QCOMPARE(m_tabs->currentPage(), second); // in front
    QCOMPARE(m_tabs->label(0), QStringLiteral("same.cpuprofile — dirA"));
    QCOMPARE(m_tabs->label(1), QStringLiteral("same.cpuprofile — dirB"));
    QCOMPARE(m_tabs->shownText(1), QStringLiteral("same.cpuprofile — dirB"));
    QCOMPARE(m_tabs->toolTip(0).contains(QDir::toNativeSeparators(a)), true);

    const QList<WindowTabs::OpenFile> open = m_tabs->openFiles();
    QCOMPARE(open.size(), 2);
    QCOMPARE(open[0].path, a);
    QCOMPARE(open[1].path, b);
    QCOMPARE(open[1].profileIndex, -1);

    // A tab without a file (a comparison) is named as it says, and is no file to reopen.
    m_tabs->add(std::make_unique<PlainTab>(new QWidget, QStringLiteral("same ↔ same")));
    QCOMPARE(m_tabs->label(2), QStringLiteral("same ↔ same"));
    QCOMPARE(m_tabs->openFiles().size(), 2);
    QCOMPARE(m_tabs->page(2), nullptr);

    m_tabs->remove(first);
    QCOMPARE(m_tabs->count(), 2);
    QCOMPARE(m_tabs->label(0), QStringLiteral("same.cpuprofile"));
}

void TestWindowTabs::aFileIsFoundHoweverItIsSpelled()
{
    const QString a = copyOf(QStringLiteral("node_fib.cpuprofile"), QStringLiteral("dir"), QStringLiteral("fib.cpuprofile"));
    m_tabs->openProfile(loadData(a));
    const QString link = m_dir->filePath(QStringLiteral("link.cpuprofile"));
    QVERIFY(QFile::link(a, link));
    const QString dotted = m_dir->filePath(QStringLiteral("dir/../dir/fib.cpuprofile"));
    QCOMPARE(m_tabs->indexOfFile(a), 0);
    QCOMPARE(m_tabs->indexOfFile(link), 0);
    QCOMPARE(m_tabs->indexOfFile(dotted), 0);
    QCOMPARE(m_tabs->indexOfFile(a, 0), -1); // not profile 1 of a file holding several
    QCOMPARE(m_tabs->indexOfFile(m_dir->filePath(QStringLiteral("other.cpuprofile"))), -1);
}

// Close asks the tab (the question names the tab's text), and only its answer removes it.
void TestWindowTabs::closingAsksTheTabFirst()
{
    auto* page = new QWidget;
    auto tab = std::make_unique<AskingTab>(page, QStringLiteral("xst"));
    AskingTab* asking = tab.get();
    const std::shared_ptr<int> removals = asking->removals;
    m_tabs->add(std::move(tab));
    QVERIFY(m_tabs->shownText(0).startsWith(TabLabels::unsavedMark));
    QCOMPARE(m_tabs->text(0), QStringLiteral("xst (waiting)"));
    QCOMPARE(m_tabs->label(0), QStringLiteral("xst"));
    QVERIFY(m_tabs->isMarkedUnsaved(0));

    asking->unsaved = false;
    m_tabs->refresh(page);
    QVERIFY(!m_tabs->isMarkedUnsaved(0));
    asking->unsaved = true;
    m_tabs->refreshMark(page); // samples came: the mark comes back
    QVERIFY(m_tabs->isMarkedUnsaved(0));

    QSignalSpy emptied(m_tabs, &WindowTabs::emptied);
    m_tabs->close(0);
    QCOMPARE(asking->asked, QStringList{QStringLiteral("Close xst (waiting)")});
    QCOMPARE(m_tabs->count(), 1); // the question is up
    asking->pending();
    QCOMPARE(m_tabs->count(), 0);
    QCOMPARE(*removals, 1);
    QCOMPARE(emptied.count(), 1);
    QPointer<QWidget> gone(page);
    QTRY_VERIFY(!gone); // deleted later
}

void TestWindowTabs::aTabThatAsksMoreStays()
{
    auto* page = new QWidget;
    auto tab = std::make_unique<AskingTab>(page, QStringLiteral("xst"));
    AskingTab* asking = tab.get();
    asking->closes = false; // a connected machine: its own question, then its kind removes it
    m_tabs->add(std::move(tab));
    m_tabs->close(0);
    asking->pending();
    QCOMPARE(m_tabs->count(), 1);
    QCOMPARE(*asking->removals, 0);
    m_tabs->remove(page); // what MachineTabs does once the machine agreed
    QCOMPARE(m_tabs->count(), 0);
}

void TestWindowTabs::theTabViewedBeforeAndSwitching()
{
    QList<QWidget*> pages;
    for (const QString& name : {QStringLiteral("one"), QStringLiteral("two"), QStringLiteral("three")}) {
        pages << new QWidget;
        m_tabs->add(std::make_unique<PlainTab>(pages.last(), name), WindowTabs::Place::Behind);
    }
    QCOMPARE(m_tabs->currentIndex(), 0); // the first came in front, the others behind
    QCOMPARE(m_tabs->previousTab(), nullptr);
    m_tabs->setCurrent(2);
    QCOMPARE(m_tabs->previousTab(), pages[0]);
    m_tabs->step(1); // wraps
    QCOMPARE(m_tabs->currentIndex(), 0);
    QCOMPARE(m_tabs->previousTab(), pages[2]);
    m_tabs->step(-1);
    QCOMPARE(m_tabs->currentIndex(), 2);
    m_tabs->remove(pages[0]);
    QCOMPARE(m_tabs->previousTab(), nullptr); // gone with its tab
    QCOMPARE(m_tabs->find(pages[1])->title(), QStringLiteral("two"));
}

// A file saves as its name; a live profile (no file) as its label and the time.
void TestWindowTabs::suggestedNamesComeFromTheTab()
{
    const QString file = copyOf(QStringLiteral("node_fib.cpuprofile"), QStringLiteral("d"), QStringLiteral("my fib.cpuprofile"));
    m_tabs->openProfile(loadData(file));
    QCOMPARE(m_tabs->suggestedFileName(0), QStringLiteral("my-fib"));
    QVERIFY(m_tabs->current()->canSave());
    QCOMPARE(m_tabs->current()->profileToSave(), m_tabs->currentPage()->data()->sharedProfile);

    const ProfileDataPtr loaded = loadData(corpusPath(QStringLiteral("node_fib.cpuprofile")));
    auto live = loaded->sharedProfile;
    m_tabs->openProfile(ProfileData::create(live, QString(), -1));
    const QString name = m_tabs->suggestedFileName(1);
    QVERIFY2(QRegularExpression(QStringLiteral("^[\\w.-]+-\\d{4}-\\d{2}-\\d{2}-\\d{4}$")).match(name).hasMatch(),
             qPrintable(name));
    QVERIFY(name.startsWith(DocumentNames::fileNamePart(m_tabs->label(1)) + QLatin1Char('-')));
    QCOMPARE(m_tabs->openFiles().size(), 1); // no file to open again

    m_tabs->add(std::make_unique<PlainTab>(new QWidget, QStringLiteral("a ↔ b.cpuprofile")));
    QVERIFY(!m_tabs->current()->canSave());
}

void TestWindowTabs::aPageDeletedElsewhereIsForgotten()
{
    auto* page = new QWidget;
    m_tabs->add(std::make_unique<PlainTab>(page, QStringLiteral("gone")));
    delete page;
    QCOMPARE(m_tabs->count(), 0);
    QCOMPARE(m_tabs->find(page), nullptr);
    QCOMPARE(m_tabs->current(), nullptr);
    m_tabs->close(0); // nothing there: nothing happens
    m_tabs->step(1);
}

QTEST_MAIN(TestWindowTabs)
#include "tst_windowtabs.moc"
