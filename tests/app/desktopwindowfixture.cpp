// The desktop suites' window: set-up, corpus copies and opening files.
#include "desktopwindowfixture.h"

#include "app/theme.h"
#include "viewtestutils.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTest>

using namespace ViewTestUtils;

void DesktopWindowFixture::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_settings = std::make_unique<QSettings>(m_dir->filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    m_window = std::make_unique<MainWindow>(m_settings.get());
}

void DesktopWindowFixture::cleanup()
{
    m_window.reset();
    m_settings.reset();
    m_dir.reset();
    Theme::apply(Theme::Mode::System);
}

QString DesktopWindowFixture::copyCorpusFile(const QString& corpusName, const QString& relativeTarget)
{
    const QString target = m_dir->filePath(relativeTarget);
    QDir().mkpath(QFileInfo(target).absolutePath());
    QFile::copy(corpusPath(corpusName), target);
    return target;
}

ProfilePage* DesktopWindowFixture::openAndWait(const QString& path)
{
    const int before = m_window->documentCount();
    m_window->openFile(path);
    if (!QTest::qWaitFor([&] { return m_window->documentCount() > before; }, 20000))
        return nullptr;
    return m_window->currentPage();
}
