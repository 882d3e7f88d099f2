#include "guimain.h"

#include <QApplication>
#include <QLabel>

int runGui(int argc, char* argv[])
{
    QApplication app(argc, argv);
    QLabel label(QStringLiteral("xsprof"));
    label.show();
    return app.exec();
}
