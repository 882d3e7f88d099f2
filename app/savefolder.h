#pragma once
// Where Save Profile As… and File › Export suggest writing: the folder a profile or image was
// last saved in, else the user's Documents folder, else home (not where profiles were last
// opened).
#include <QString>

class QSettings;

namespace SaveFolder {

QString folder(const QSettings& settings);
// `savedPath` was written: its folder is suggested next time.
void remember(QSettings& settings, const QString& savedPath);

} // namespace SaveFolder
