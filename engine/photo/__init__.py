"""The table from a picture: image checks (`header`, no decoding), the marker sheet
(`markers`), other marker layouts as data (`layouts`), calibration of a photo of the real
table (`calibrate`) and what a rectified photo suggests (`suggest`). numpy and OpenCV only,
no Qt; the modules that need OpenCV import it themselves, so reading a game file never
loads it."""
