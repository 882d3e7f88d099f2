// Prints how long the window takes for two things users feel (not a ctest test):
//  - showing the xsbug bottom-up view of the 1M-sample generated profile (the ORDER toggle);
//  - expanding a node with 10 000 children (a function calling 10 000 distinct functions).
// Each is timed up to a painted frame (QWidget::grab), median of N runs, offscreen.
//   bench_views [--runs N] [PROFILE]
#include "views/costtreeview.h"
#include "views/document/profiledata.h"
#include "views/profilepage.h"

#include "model/profilebuilder.h"
#include "model/profileloader.h"

#include "benchinput.h"

#include <QApplication>
#include <QElapsedTimer>

#include <algorithm>
#include <cstdio>
#include <vector>

namespace {

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0.0 : v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

// (root) -> main -> f0 ... f9999, each sampled once.
xsprof::Profile wideProfile(int children)
{
    xsprof::ProfileInfo info;
    info.startTime = 0;
    xsprof::ProfileBuilder b(info);
    const xsprof::StackId root = b.stack(xsprof::StackId(), b.frameForKey("(root)", "", 0, 0));
    const xsprof::StackId main = b.stack(root, b.frameForKey("main", "app.js", 1, 1));
    for (int i = 0; i < children; ++i) {
        const std::string name = "f" + std::to_string(i);
        b.addSample(b.stack(main, b.frameForKey(name, "app.js", i + 2, 1)), double(i) * 100.0);
    }
    b.profile().info.endTime = children * 100.0;
    return b.finish();
}

} // namespace

int main(int argc, char* argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    BenchInput input;
    if (!BenchInput::parse(argc, argv, 7, input))
        return 1;
    const int runs = input.runs;
    const std::string& path = input.path;
    xsprof::LoadResult loaded = xsprof::loadProfileFile(path);
    if (!loaded.ok()) {
        std::fprintf(stderr, "%s\n", loaded.error->toString().c_str());
        return 1;
    }
    const ProfileDataPtr big = ProfileData::create(std::move(*loaded.profile), QString::fromStdString(path), -1);

    std::vector<double> bottomUp;
    for (int r = 0; r < runs; ++r) {
        ProfilePage page(big);
        page.resize(1400, 900);
        page.show();
        QCoreApplication::processEvents();
        QElapsedTimer t;
        t.start();
        page.setBottomUp(true);
        QCoreApplication::processEvents();
        page.grab();
        bottomUp.push_back(t.nsecsElapsed() / 1e6);
    }

    const ProfileDataPtr wide = ProfileData::create(wideProfile(10000), QStringLiteral("wide"), -1);
    std::vector<double> expand;
    for (int r = 0; r < runs; ++r) {
        ProfilePage page(wide);
        page.resize(1400, 900);
        page.show();
        CostTreeView* view = page.functionView(false);
        view->collapseAll();
        QCoreApplication::processEvents();
        const QModelIndex root = view->model()->index(0, 0);
        const QModelIndex main = view->model()->index(0, 0, root);
        view->expand(root);
        QCoreApplication::processEvents();
        QElapsedTimer t;
        t.start();
        view->expand(main);
        QCoreApplication::processEvents();
        page.grab();
        expand.push_back(t.nsecsElapsed() / 1e6);
        if (r == 0)
            std::printf("expanded node has %d children\n", view->model()->rowCount(main));
    }
    std::printf("1M-sample profile (%zu samples, %zu functions): show the bottom-up view: median %.1f ms (target 100)\n",
                big->profile.samples.size(), big->analysis.functions.functions().size(), median(bottomUp));
    std::printf("node with 10 000 children: expand: median %.1f ms (target 100)\n", median(expand));
    return 0;
}
