#pragma once
// Which functions a search text finds: by name or file, case-insensitive. One flag per
// FrameId, the form the trees and the flame graph both take; empty for an empty text.
#include "views/document/profiledata.h"

#include <QString>

#include <vector>

std::vector<char> matchingFrames(const ProfileData& data, const QString& text);
