"""The product's media store: its S3 bucket, keys under S3_PREFIX, as the product reads them."""
import os
import shutil

import boto3
from botocore.config import Config as BotoConfig
from botocore.exceptions import ClientError


class MediaStore:
    def __init__(self, settings):
        self.bucket = settings.bucket
        self.prefix = settings.s3_prefix
        self.s3 = boto3.client(
            "s3",
            endpoint_url=settings.s3_endpoint,
            region_name=settings.s3_region,
            aws_access_key_id=settings.s3_key_id,
            aws_secret_access_key=settings.s3_secret,
            config=BotoConfig(
                s3={"addressing_style": "path" if settings.s3_path_style else "auto"},
                request_checksum_calculation="when_required",
                response_checksum_validation="when_required",
            ),
        )

    def download(self, key, path):
        """The object at `key` copied to `path`; False when there is none (deleted since it was asked for)."""
        try:
            stored = self.s3.get_object(Bucket=self.bucket, Key=self.prefix + key)
        except ClientError as error:
            if error.response.get("Error", {}).get("Code") in ("NoSuchKey", "404", "NotFound"):
                return False
            raise
        partial = f"{path}.part"
        with stored["Body"] as body, open(partial, "wb") as out:
            shutil.copyfileobj(body, out, 1024 * 1024)
        os.replace(partial, path)
        return True

    def upload(self, path, key, content_type):
        with open(path, "rb") as body:
            self.s3.put_object(Bucket=self.bucket, Key=self.prefix + key, Body=body, ContentType=content_type)
