"""The pictures scripts/quality measures on, fetched at run time and never committed.

skimage: scikit-image's 16 sample photographs (PyPI), written as PNG.
textures: mypaint-data-extras' paper textures the wide set leaves out (a probe, see texture_pictures).
independent: 38 pictures from two more packages, never tuned on (see independent_pictures).
wide:    large wallpapers, photographs and paintings from Debian's archive (`apt-get download`
         + `dpkg-deb -x` into a cache folder outside the repository), beside the skimage set.
Each picture falls into the "tune" or the "held" half by a hash of its name, so the split
never depends on the order or the number of files.
"""
import hashlib, os, subprocess

SKIMAGE = ["astronaut", "coffee", "chelsea", "rocket", "camera", "immunohistochemistry", "hubble_deep_field",
           "retina", "moon", "brick", "grass", "gravel", "coins", "clock", "page", "text"]

# Debian packages (all in main, free licences: GPL/LGPL/CC-BY-SA/CC0 artwork shipped for
# desktop use) and which of their files to take. Each rule: (package, folder, keep) where
# `keep(path)` says whether a file under the folder is taken.
PACKAGES = ["plasma-workspace-wallpapers", "mate-backgrounds", "gnome-backgrounds", "ukui-wallpapers",
            "mypaint-data-extras", "sway-backgrounds", "lomiri-wallpapers"]
EXTENSIONS = (".jpg", ".jpeg", ".png", ".webp")


def cache_folder():
    base = os.environ.get("MEDIAPICK_QUALITY_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "mediapick-quality")
    os.makedirs(base, exist_ok=True)
    return base


def fetch_debian(base, packages=None, unpacked="root"):
    """Downloads and unpacks the packages (the wide set's by default) once; returns the unpacked root."""
    debs, root = os.path.join(base, "debs"), os.path.join(base, unpacked)
    os.makedirs(debs, exist_ok=True)
    os.makedirs(root, exist_ok=True)
    for package in packages or PACKAGES:
        stamp = os.path.join(root, "." + package)
        if os.path.exists(stamp):
            continue
        have = [f for f in os.listdir(debs) if f.startswith(package + "_") and f.endswith(".deb")]
        if not have:
            subprocess.run(["apt-get", "download", "-q", package], cwd=debs, check=True,
                           stdout=subprocess.DEVNULL)
            have = [f for f in os.listdir(debs) if f.startswith(package + "_") and f.endswith(".deb")]
        subprocess.run(["dpkg-deb", "-x", os.path.join(debs, sorted(have)[-1]), root], check=True)
        open(stamp, "w").close()
    return root


def image_size(path):
    from PIL import Image
    with Image.open(path) as im:
        return im.size


def debian_pictures(root):
    """The pictures taken from the unpacked packages: the largest file of each picture (the
    KDE wallpapers ship one picture under several names), at least 900 px on the longest
    side and 100 KB (no icons, previews or tiny textures), no byte-identical copies."""
    best = {}
    for folder, _, files in os.walk(os.path.join(root, "usr", "share")):
        for name in files:
            path = os.path.join(folder, name)
            if not name.lower().endswith(EXTENSIONS) or os.path.getsize(path) < 100_000:
                continue
            if "/plymouth/" in path or "/desktop-base/" in path or "screenshot" in name or "preview" in path:
                continue
            try:
                w, h = image_size(path)
            except Exception:
                continue
            if max(w, h) < 900:
                continue
            # Light and dark versions of one design are one picture (the light one is taken),
            # and so are portrait crops and the four recoloured Ubuntu MATE logos.
            if name.endswith("-d.webp") or "images_dark" in path or "Portrait" in name or "MATE-Stripes-Dark" in name:
                continue
            if "Ubuntu-Mate-" in name and not ("Cold" in name or "Warm" in name):
                continue
            # One picture per KDE wallpaper folder and variant (images/ or images_dark/),
            # one per MATE base name (Elephants_3840x2160.jpg is Elephants.jpg larger).
            if "/wallpapers/" in path and "/contents/" in path:
                key = path.split("/contents/")[0] + "/" + os.path.basename(folder)
            elif "/sway/" in path:
                key = "sway" + ("-portrait" if "Portrait" in name else "")
            else:
                key = os.path.join(folder, name.rsplit(".", 1)[0].split("_")[0])
            if key not in best or w * h > best[key][1]:
                best[key] = (path, w * h)
    seen, pictures = set(), []
    for path, _ in sorted(best.values()):
        digest = hashlib.sha1(open(path, "rb").read()).hexdigest()
        if digest in seen:
            continue
        seen.add(digest)
        pictures.append(path)
    return pictures


def skimage_pictures(folder):
    import numpy as np
    import skimage.data
    from PIL import Image
    paths = []
    for name in SKIMAGE:
        a = np.asarray(getattr(skimage.data, name)())
        if a.dtype != np.uint8:
            a = (a.astype(float) / max(a.max(), 1) * 255).astype(np.uint8)
        path = os.path.join(folder, name + ".png")
        Image.fromarray(a).convert("RGB").save(path)
        paths.append(path)
    return paths


def label(path):
    """A short unique name: the KDE wallpaper's folder name, else the file's base name."""
    if "/wallpapers/" in path and "/contents/" in path:
        name = path.split("/contents/")[0].rsplit("/", 1)[1]
        return name + ("-dark" if "images_dark" in path else "")
    return os.path.basename(path).rsplit(".", 1)[0]


def half(path):
    """'tune' or 'held', by the first byte of the SHA-1 of the picture's label."""
    return "tune" if hashlib.sha1(label(path).encode()).digest()[0] % 2 == 0 else "held"


def texture_pictures(root):
    """mypaint-data-extras' paper and canvas textures that `debian_pictures` leaves out (all but
    one are under 900 px): low-contrast texture, where the palette's steps are larger than
    anything the picture draws. Not part of the wide set; a probe for that class."""
    taken = set(debian_pictures(root))
    folder = os.path.join(root, "usr", "share", "mypaint", "backgrounds")
    return sorted(os.path.join(f, n) for f, _, names in os.walk(folder) for n in names
                  if n.endswith(".png") and os.path.join(f, n) not in taken)


INDEPENDENT_PACKAGES = ["stellarium-data", "marble-data"]


def independent_pictures(base):
    """A set never tuned on, from two more packages (about 275 MB): stellarium-data's astronomical
    photographs (every third nebula or galaxy cluster, sorted by name) and its painted medieval
    star atlas (the Leiden Aratea pages), and marble-data's English screenshots; no alpha channel
    (the tools would draw the transparent parts on different backgrounds: that leaves one
    screenshot), at least 900 px and 100 KB. 38 pictures."""
    from PIL import Image
    root = fetch_debian(base, INDEPENDENT_PACKAGES, "root-independent")
    share = os.path.join(root, "usr", "share")
    found = []
    for folder, _, names in os.walk(share):
        for name in names:
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, share)
            wanted = (rel.startswith("stellarium/nebulae/") or rel.startswith("doc/HTML/en/marble/")
                      or ("greek_leidenAratea/" in rel and "/descr_pics/" not in rel))
            if not wanted or not name.lower().endswith((".jpg", ".jpeg", ".png")) or os.path.getsize(path) < 100_000:
                continue
            with Image.open(path) as im:
                if max(im.size) < 900 or im.mode in ("RGBA", "LA", "PA") or (im.mode == "P" and "transparency" in im.info):
                    continue
            found.append(path)
    found.sort()
    nebulae = [p for p in found if "/nebulae/" in p][::3]
    return nebulae + [p for p in found if "/nebulae/" not in p]


def pictures(kind, tmp):
    if kind == "skimage":
        return skimage_pictures(tmp)
    if kind == "textures":
        return texture_pictures(fetch_debian(cache_folder()))
    if kind == "independent":
        return independent_pictures(cache_folder())
    return debian_pictures(fetch_debian(cache_folder())) + skimage_pictures(tmp)
