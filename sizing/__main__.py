import sys

from sizing.cli.main import main

sys.exit(main())
