#pragma once
// The Open dialog's file filter, built from the list of formats (model/readers/formatreaders.h).
#include <QString>

// "All profiles (…);;" then one filter per format, then "All files (*)". Every format is also
// read gzipped (recognised by its first bytes), so each glob comes with its ".gz" name.
QString openFileFilter();
